package io.chronohook.e2e.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.load.FlowKeysFairness;
import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A noisy tenant's stampede does not make a quiet tenant late: the benchmark's scenario (100,000 beside 100, see
 * {@code ./chronohook fairness}) scaled down to 20,000 beside 40, on a freshly started backend; the quiet tenant's
 * p99 fire lag within {@link Lags#coldFairBoundMillis} of the noisy tenant's drain.
 */
@ExtendWith(FreshInstallation.class)
class NoisyNeighbourE2ETest {

    private static final int NOISY = 20_000;
    private static final int QUIET = 40;

    @Test
    void aQuietTenantKeepsItsFireLagUnderASecondWhileANoisyTenantsBurstDrains() throws Exception {
        try (Receiver noisyEndpoint = new Receiver();
             Receiver quietEndpoint = new Receiver();
             BackendProcess backend = BackendProcess.start(Map.of())) {
            ApiClient noisy = new ApiClient(backend.uri("/"));
            noisy.signUp();
            ApiClient quiet = new ApiClient(backend.uri("/"));
            quiet.signUp();
            // T leaves the creation 10 s to spare at this machine's pace (counted at 70 %), and at least 30 s.
            double creation = 0.7 * FlowKeysFairness.creationRate(backend);
            Instant t = Instant.now().plusSeconds(Math.max(30, 20 + (long) ((NOISY + QUIET) / creation)))
                    .truncatedTo(ChronoUnit.SECONDS);
            List<String> quietJobs = new ArrayList<>();
            for (int i = 0; i < QUIET; i++) {
                // due every 50 ms from T+0.5 s: while the noisy tenant's burst is still draining
                quietJobs.add(ApiClient.oneShot("quiet-" + i, t.plusMillis(500 + 50L * i), quietEndpoint.url("/q")));
            }
            quiet.createInBatches(quietJobs, QUIET, 1);
            List<String> noisyJobs = new ArrayList<>();
            for (int i = 0; i < NOISY; i++) {
                noisyJobs.add(ApiClient.oneShot("noisy-" + i, t, noisyEndpoint.url("/n")));
            }
            noisy.createInBatches(noisyJobs, 1000, 2);
            assertThat(Instant.now()).as("jobs were created before they fell due").isBefore(t.minusSeconds(10));

            Instant deadline = t.plusSeconds(90);
            while ((noisyEndpoint.distinct() < NOISY || quietEndpoint.distinct() < QUIET)
                    && Instant.now().isBefore(deadline)) {
                Thread.sleep(250);
            }
            assertThat(noisyEndpoint.distinct()).isEqualTo(NOISY);
            assertThat(quietEndpoint.distinct()).isEqualTo(QUIET);

            List<Long> lags = new ArrayList<>();
            quietEndpoint.arrivals().forEach(a -> lags.add(Duration.between(a.scheduledFor(), a.at()).toMillis()));
            lags.sort(null);
            Instant lastNoisy = Instant.EPOCH;
            for (Receiver.Arrival arrival : noisyEndpoint.arrivals()) {
                lastNoisy = arrival.at().isAfter(lastNoisy) ? arrival.at() : lastNoisy;
            }
            assertThat(lastNoisy).as("the noisy tenant was still draining when the quiet one's last run fell due")
                    .isAfter(t.plusMillis(500 + 50L * (QUIET - 1)));
            double drain = Duration.between(t, lastNoisy).toMillis() / 1000.0;
            assertThat(lags.get((int) Math.ceil(0.99 * lags.size()) - 1))
                    .as("the quiet tenant's p99 fire lag, ms, beside a backlog drained in %.1f s (all: %s)", drain,
                            lags)
                    .isLessThanOrEqualTo(Lags.coldFairBoundMillis(drain));
        }
    }
}
