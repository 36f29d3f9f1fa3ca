package io.chronohook.e2e.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.chronohook.e2e.load.FlowKeysFairness;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Lags;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Fairness inside a tenant on the real backend jar (the short version of {@code ./chronohook fairness}): keys of
 * weights 1, 2 and 5, all backlogged, share the deliveries within 5 % of 1 : 2 : 5; and a key with a large backlog
 * leaves another key of the tenant on time. (Keys' limits of requests in flight are held in {@code FlowLimitsTest}
 * and {@code EndpointLimitE2ETest}.)
 */
class FlowKeysE2ETest {

    @Test
    void backloggedKeysShareByWeightAndANoisyKeyLeavesAQuietOneOnTime() throws Exception {
        try (BackendProcess backend = BackendProcess.start(Map.of())) {
            // Limits far above what a busy machine's latency needs, so that only the weights decide the shares.
            int[] limits = {500, 500, 500};
            FlowKeysFairness.Shares shares = FlowKeysFairness.shares(backend, 12_000, 10, 4_000, limits);
            shares.lines().forEach(System.out::println);
            for (int i = 0; i < 3; i++) {
                assertThat(shares.delivered()[i]).as("key %d delivered", i).isPositive();
                assertThat(shares.share(i) / FlowKeysFairness.Shares.target(i)).as("key %d's share to its target", i)
                        .isCloseTo(1.0, within(0.05));
                assertThat(shares.maxInFlight()[i]).isLessThanOrEqualTo(limits[i]);
            }

            List<String> lines = new ArrayList<>();
            Lags quiet = FlowKeysFairness.quietKeyLag(backend, 20_000, 100, 4_000, lines);
            lines.forEach(System.out::println);
            assertThat(lines).noneMatch(line -> line.startsWith("WARNING"));
            assertThat(shares.lines()).noneMatch(line -> line.startsWith("WARNING"));
            assertThat(quiet.count()).isEqualTo(100);
            assertThat(quiet.percentile(99)).as("the quiet key's p99 fire lag, ms").isLessThan(1000);
        }
    }
}
