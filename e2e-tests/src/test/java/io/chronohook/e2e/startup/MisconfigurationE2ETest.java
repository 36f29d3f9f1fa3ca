package io.chronohook.e2e.startup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.e2e.support.BackendProcess;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A misconfigured installation refuses to start and says which setting is wrong. */
class MisconfigurationE2ETest {

    @Test
    void anUnknownSignUpPlanStopsStartUp() {
        assertThatThrownBy(() -> BackendProcess.start(Map.of("CHRONOHOOK_BILLING_DEFAULT_PLAN", "platinum")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exited during start-up")
                .hasMessageContaining("default-plan 'platinum' is not a plan of the catalogue");
    }

    @Test
    void aMissingMasterKeyStopsStartUp() {
        assertThatThrownBy(() -> BackendProcess.start(Map.of("CHRONOHOOK_SECRETS_MASTER_KEYS", "")))
                .isInstanceOf(IllegalStateException.class)
                .satisfies(error -> assertThat(error.getMessage()).contains("chronohook.secrets.master-keys must be set"));
    }
}
