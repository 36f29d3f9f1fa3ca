package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PrefixedIdsTest {

    @Test
    void anIdIsItsPrefixAndTheUuidsHexDigitsAndReadsBack() {
        List<UUID> uuids = List.of(new UUID(0, 0), new UUID(-1, -1), new UUID(1, Long.MIN_VALUE), UUID.randomUUID(),
                Uuid7.next(Clock.systemUTC()));
        for (UUID uuid : uuids) {
            String text = PrefixedIds.format("run_", uuid);
            assertThat(text).isEqualTo("run_" + uuid.toString().replace("-", "")).hasSize(36);
            assertThat(PrefixedIds.parse("run_", text)).contains(uuid);
            assertThat(new TenantId(uuid).toString()).isEqualTo("ten_" + uuid.toString().replace("-", ""));
            assertThat(TenantId.parse(new TenantId(uuid).toString())).contains(new TenantId(uuid));
        }
        assertThat(PrefixedIds.parse("run_", "job_" + "0".repeat(32))).isEmpty();
        assertThat(PrefixedIds.parse("run_", "run_" + "0".repeat(31))).isEmpty();
        assertThat(PrefixedIds.parse("run_", "run_" + "g".repeat(32))).isEmpty();
    }
}
