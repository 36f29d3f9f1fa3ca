package io.chronohook.billing.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.billing.support.FreshSchema;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TenantStoreTest {

    private static FreshSchema schema;
    private static TenantStore tenants;

    @BeforeAll
    static void migrate() {
        schema = FreshSchema.migrated();
        tenants = new TenantStore(schema.client());
    }

    @AfterAll
    static void drop() throws Exception {
        schema.close();
    }

    @Test
    void aCreatedTenantIsFoundWithItsPlan() {
        TenantId id = TenantId.random();
        Instant now = Instant.parse("2026-11-22T10:00:00Z");
        tenants.create(id, "Acme", "free", now).block();

        Tenant found = tenants.find(id).block();

        assertThat(found).isEqualTo(new Tenant(id, "Acme", "free", now, now));
    }

    @Test
    void aPlanChangeReturnsThePreviousPlan() {
        TenantId id = TenantId.random();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        tenants.create(id, "Upgrader", "free", now).block();

        assertThat(tenants.setPlan(id, "pro", now.plusSeconds(1)).block()).isEqualTo("free");
        assertThat(tenants.find(id).block().planCode()).isEqualTo("pro");
        assertThat(tenants.setPlan(TenantId.random(), "pro", now).blockOptional()).isEmpty();
    }

    @Test
    void anUnknownTenantIsEmpty() {
        assertThat(tenants.find(TenantId.random()).blockOptional()).isEmpty();
    }

    @Test
    void aTenantCannotReferToAPlanThatDoesNotExist() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        assertThatThrownBy(() -> tenants.create(TenantId.random(), "Ghost", "platinum", now).block())
                .hasMessageContaining("plan");
    }

    @Test
    void idsRoundTripThroughTheirApiFormAndRejectEverythingElse() {
        TenantId id = TenantId.random();

        assertThat(id.toString()).startsWith("ten_").hasSize(36);
        assertThat(TenantId.parse(id.toString())).contains(id);
        assertThat(TenantId.parse("ten_xyz")).isEmpty();
        assertThat(TenantId.parse("key_" + id.toString().substring(4))).isEmpty();
        assertThat(TenantId.parse("ten_" + "g".repeat(32))).isEmpty();
        assertThat(TenantId.parse(null)).isEmpty();
    }
}
