package io.chronohook.e2e.fairness;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A tenant's dispatch rate holds across instances: its bucket is shared, not one per instance. */
@ExtendWith(FreshInstallation.class)
class DispatchRateE2ETest {

    private static final int RUNS = 1000;
    private static final int RATE = 50;
    /** The gate's lead by default: runs are taken from it (and their tokens spent) this long before they are due. */
    private static final double LEAD_SECONDS = 0.25;

    @Test
    void aTenantLimitedTo50RunsASecondGetsNoMoreFromTwoInstancesAndLosesNothing() throws Exception {
        try (Receiver receiver = new Receiver();
             BackendProcess first = BackendProcess.start(Map.of());
             BackendProcess second = BackendProcess.start(Map.of())) {
            ApiClient operator = ApiClient.operator(first.uri("/"));
            operator.send("PUT", "/api/v1/operator/plans/rate50", """
                    {"name":"50 runs a second","maxJobs":100000,"executionsPerMonth":100000000,
                     "dispatchRatePerSecond":50,"dispatchBurst":50,"fairShareWeight":1,"minIntervalSeconds":1,
                     "maxPayloadBytes":65536,"historyRetentionDays":7,"apiRequestsPerSecond":1000,
                     "monthlyPriceCents":0,"overageCentsPer1000":10}""", 200);
            ApiClient tenant = new ApiClient(first.uri("/"));
            String tenantId = tenant.signUp().get("tenantId").asString();
            operator.send("PUT", "/api/v1/operator/tenants/" + tenantId + "/plan", "{\"plan\":\"rate50\"}", 200);
            Instant due = Instant.now().plusSeconds(15).truncatedTo(ChronoUnit.SECONDS);
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                jobs.add(ApiClient.oneShot("rate-" + i, due, receiver.url("/rate")));
            }
            tenant.createInBatches(jobs, 500, 2);
            assertThat(Instant.now()).as("jobs were created before they fell due").isBefore(due);

            Instant deadline = due.plus(Duration.ofSeconds(60));
            while (receiver.distinct() < RUNS && Instant.now().isBefore(deadline)) {
                Thread.sleep(250);
            }
            assertThat(receiver.distinct()).isEqualTo(RUNS);
            assertThat(receiver.duplicated()).isZero();

            List<Instant> arrivals = new ArrayList<>();
            receiver.arrivals().forEach(arrival -> arrivals.add(arrival.at()));
            arrivals.sort(null);
            // A bucket of 50 refilled at 50 a second from when the runs were first taken — the gate's lead (250 ms)
            // before they fell due, to be sent at it: by any instant t at most 50 + 50 × (t − due + lead) have gone
            // out, and 50 arrived before the 51st; so the ten seconds from the 51st see at most
            // 50 × (its delay after due + lead + 10 s), about 562 (more when a slow machine spread the burst out).
            // Over the whole drain the mean is 50/s.
            Instant first50 = arrivals.get(RATE);
            long inTen = arrivals.stream().filter(at -> !at.isBefore(first50) && at.isBefore(first50.plusSeconds(10)))
                    .count();
            long most = (long) (RATE * (Duration.between(due, first50).toMillis() / 1000.0 + LEAD_SECONDS + 10)) + 5;
            assertThat(inTen).as("runs delivered in the 10 s after the burst (at most %d)", most).isBetween(400L, most);
            double seconds = Duration.between(arrivals.getFirst(), arrivals.getLast()).toMillis() / 1000.0;
            assertThat((RUNS - RATE) / seconds).as("runs a second over the drain").isLessThanOrEqualTo(55.0);

            // Both instances dispatched the tenant's runs: the limit held across them, not within one.
            long viaFirst = dispatched(ApiClient.operator(first.uri("/")), tenantId);
            long viaSecond = dispatched(ApiClient.operator(second.uri("/")), tenantId);
            assertThat(viaFirst).isPositive();
            assertThat(viaSecond).isPositive();
            assertThat(viaFirst + viaSecond).isEqualTo(RUNS);
        }
    }

    private static long dispatched(ApiClient operator, String tenantId) throws Exception {
        Matcher matcher = Pattern.compile("chronohook_fair_share_runs_total\\{tenant=\"" + tenantId + "\"} ([0-9.E]+)")
                .matcher(operator.text("/actuator/prometheus"));
        return matcher.find() ? (long) Double.parseDouble(matcher.group(1)) : 0;
    }
}
