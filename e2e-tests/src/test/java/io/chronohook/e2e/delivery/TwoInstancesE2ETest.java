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

/** Two backends on the same Postgres and Redis share the work: 5,000 one-shot runs, each delivered exactly once. */
@ExtendWith(FreshInstallation.class)
class TwoInstancesE2ETest {

    private static final int RUNS = 5_000;

    @Test
    void fiveThousandRunsDueTogetherAreDeliveredOnceAcrossTwoInstances() throws Exception {
        try (Receiver receiver = new Receiver();
             BackendProcess first = BackendProcess.start(Map.of());
             BackendProcess second = BackendProcess.start(Map.of())) {
            ApiClient viaFirst = new ApiClient(first.uri("/"));
            viaFirst.signUp();
            ApiClient viaSecond = viaFirst.sharingKeyWith(second.uri("/"));
            Instant due = Instant.now().plusSeconds(30).truncatedTo(ChronoUnit.SECONDS);
            List<String> half = new ArrayList<>();
            List<String> otherHalf = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                // All due within three seconds.
                String job = ApiClient.oneShot("pair-" + i, due.plusMillis(i % 3000), receiver.url("/pair"));
                (i % 2 == 0 ? half : otherHalf).add(job);
            }
            Thread creatingOnSecond = Thread.ofVirtual().start(() -> {
                try {
                    viaSecond.createInBatches(otherHalf, 500, 2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            viaFirst.createInBatches(half, 500, 2);
            creatingOnSecond.join();
            assertThat(Instant.now()).as("jobs were created before they fell due").isBefore(due);

            Instant deadline = due.plus(Duration.ofSeconds(90));
            while (receiver.distinct() < RUNS && Instant.now().isBefore(deadline)) {
                Thread.sleep(250);
            }
            Thread.sleep(2000);
            assertThat(receiver.distinct()).isEqualTo(RUNS);
            assertThat(receiver.duplicated()).isZero();
            assertThat(receiver.total()).isEqualTo(RUNS);
        }
    }
}
