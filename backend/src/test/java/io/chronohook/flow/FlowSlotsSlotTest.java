package io.chronohook.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.support.RedisSlots;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The script that takes a run's slots takes its host's set and its flow key's set together: one slot per tenant. */
class FlowSlotsSlotTest {

    @Test
    void aTenantsHostAndKeySetsShareASlot() {
        for (int n = 0; n < 200; n++) {
            TenantId tenant = new TenantId(UUID.randomUUID());
            List<String> sets = List.of(FlowSlots.hostSet(tenant, "api.example.com:443"),
                    FlowSlots.hostSet(tenant, "hooks-" + n + ".example.org:8443"),
                    FlowSlots.keySet(tenant, "customer-" + n), FlowSlots.keySet(tenant, "{odd}:key}"));
            assertThat(RedisSlots.bySlot(sets)).as("slots of %s", sets).hasSize(1);
        }
    }
}
