package io.chronohook.e2e.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Runs due across a restart of the backend are delivered, none lost and none doubled. */
@ExtendWith(FreshInstallation.class)
class RestartE2ETest {

    private static final int JOBS = 300;

    @Test
    void runsDueAroundARestartAreDeliveredExactlyOnce() throws Exception {
        try (Receiver receiver = new Receiver()) {
            Instant firstDue;
            try (BackendProcess backend = BackendProcess.start(Map.of())) {
                ApiClient api = new ApiClient(backend.uri("/"));
                api.signUp();
                firstDue = Instant.now().plusSeconds(8).truncatedTo(ChronoUnit.MILLIS);
                List<String> jobs = new ArrayList<>();
                for (int i = 0; i < JOBS; i++) {
                    // Spread over 40 s: some fire before the restart, some while it is down, some after.
                    jobs.add(ApiClient.oneShot("restart-" + i, firstDue.plusMillis(i * 133L), receiver.url("/r")));
                }
                api.createAll(jobs, 16);
                while (Instant.now().isBefore(firstDue.plusSeconds(10))) {
                    Thread.sleep(200);
                }
            }
            int beforeRestart = receiver.distinct();
            try (BackendProcess backend = BackendProcess.start(Map.of())) {
                Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
                while (receiver.distinct() < JOBS && Instant.now().isBefore(deadline)) {
                    Thread.sleep(200);
                }
            }
            assertThat(beforeRestart).isGreaterThan(0).isLessThan(JOBS);
            assertThat(receiver.distinct()).isEqualTo(JOBS);
            assertThat(receiver.duplicated()).isZero();
            assertThat(receiver.total()).isEqualTo(JOBS);
        }
    }
}
