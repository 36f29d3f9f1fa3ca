package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.r2dbc.spi.ConnectionFactories;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.r2dbc.core.DatabaseClient;

class KeyedReadsConfigTest {

    @Test
    void keepsTheMainSessionOptionsAndPlansGenerically() {
        assertThat(KeyedReadsConfig.withGenericPlans("plan_cache_mode=force_custom_plan;lock_timeout=5s"))
                .containsExactly(Map.entry("plan_cache_mode", "force_generic_plan"), Map.entry("lock_timeout", "5s"));
        assertThat(KeyedReadsConfig.withGenericPlans(null))
                .containsExactly(Map.entry("plan_cache_mode", "force_generic_plan"));
    }

    @Test
    void noConnectionsOfTheirOwnSharesTheMainPool() {
        DatabaseClient main = DatabaseClient.create(ConnectionFactories.get("r2dbc:postgresql://chronohook@127.0.0.1:5432/none"));
        try (KeyedReads reads = new KeyedReadsConfig().keyedReads(new KeyedReadsProperties(0), new R2dbcProperties(),
                main)) {
            assertThat(reads.ownConnections()).isFalse();
            assertThat(reads.client()).isSameAs(main);
        }
    }

    @Test
    void connectionsAreBounded() {
        assertThat(new KeyedReadsProperties(null).connections()).isEqualTo(KeyedReadsProperties.DEFAULT_CONNECTIONS);
        assertThatThrownBy(() -> new KeyedReadsProperties(-1))
                .hasMessageContaining("chronohook.keyed-reads.connections must be between 0 and 64, not -1");
        assertThatThrownBy(() -> new KeyedReadsProperties(65)).hasMessageContaining("not 65");
    }
}
