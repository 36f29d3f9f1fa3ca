package io.chronohook.e2e.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SIGTERM under load: the instance claims nothing after the signal, lets its deliveries in flight finish and
 * records them, and exits by itself; the instance started next delivers the rest — nothing lost, nothing twice.
 */
@ExtendWith(FreshInstallation.class)
class GracefulStopE2ETest {

    private static final int RUNS = 3_000;

    @Test
    void anInstanceStoppedMidFlowClaimsNothingAfterTheSignalAndLosesOrRepeatsNothing() throws Exception {
        String prefix = "stop-" + UUID.randomUUID().toString().substring(0, 8) + "-";
        try (Receiver receiver = new Receiver(Duration.ofMillis(300))) {
            BackendProcess first = BackendProcess.start(Map.of());
            ApiClient api = new ApiClient(first.uri("/"));
            api.signUp();
            Instant due = Instant.now().plusSeconds(25).truncatedTo(ChronoUnit.SECONDS);
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                // 300 runs a second for ten seconds, each taking its receiver 0.3 s.
                jobs.add(ApiClient.oneShot(prefix + i, due.plusMillis(i * 10_000L / RUNS), receiver.url("/stop")));
            }
            api.createInBatches(jobs, 500, 2);
            while (receiver.total() < RUNS / 3) {
                Thread.sleep(20);
            }

            Instant signal = Instant.now();
            Duration exit = first.terminate(Duration.ofSeconds(30));
            Instant exited = Instant.now();
            System.out.printf("SIGTERM with %d of %d runs delivered: exited in %s%n", receiver.distinct(), RUNS,
                    exit);
            assertThat(exit).as("the instance exited by itself").isNotNull();
            // Runs it claimed before the signal may still be sent after it (they are its deliveries in flight, and
            // on a busy machine the send comes a moment after the claim); none is claimed after it.
            assertThat(claimedBetween(prefix, first.pid(), signal.minusSeconds(60), signal))
                    .as("runs claimed before the signal").isPositive();
            assertThat(claimedBetween(prefix, first.pid(), signal.plusMillis(100), exited))
                    .as("runs claimed after the signal").isZero();
            int deliveredBeforeExit = receiver.distinct();
            assertThat(deliveredBeforeExit).isLessThan(RUNS);

            try (BackendProcess second = BackendProcess.start(Map.of())) {
                Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
                while (receiver.distinct() < RUNS && Instant.now().isBefore(deadline)) {
                    Thread.sleep(250);
                }
                Thread.sleep(2000);
            }
            assertThat(receiver.distinct()).isEqualTo(RUNS);
            assertThat(receiver.duplicated()).as("runs delivered twice").isZero();
            assertThat(receiver.total()).isEqualTo(RUNS);
        }
    }

    /** Runs of the test's jobs that the instance with process id {@code pid} claimed between the two instants. */
    private static int claimedBetween(String prefix, long pid, Instant from, Instant to) throws Exception {
        try (Connection db = TestEnvironment.database();
             PreparedStatement query = db.prepareStatement("""
                     select count(*) from run r join job j on j.id = r.job_id join node n on n.id = r.claimed_by
                      where j.name like ? and n.host like ? and r.claimed_at > ? and r.claimed_at < ?
                     """)) {
            query.setString(1, prefix + "%");
            query.setString(2, "%/" + pid);
            query.setTimestamp(3, Timestamp.from(from));
            query.setTimestamp(4, Timestamp.from(to));
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
