package io.chronohook.e2e.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Browser;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.FrontendProcess;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.RoundRobinProxy;
import io.chronohook.e2e.support.TestEnvironment;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;

/**
 * The installation as it is deployed when one box is not enough: one {@code api} instance, two {@code worker}
 * instances and two dashboards behind a round-robin load balancer, on one Postgres and one Redis. Under steady load
 * (100 every-second jobs) a worker is killed mid-drain of a rate-limited endpoint's backlog and another worker is
 * added; then a noisy tenant's burst meets a quiet tenant on the new pair of workers, and a member uses the
 * dashboard through the load balancer. Every run is delivered, duplicates are bounded by the runs in flight at the
 * kill, the endpoint's rate holds across the kill, the quiet tenant stays on time, the added worker takes its share,
 * and the session works whichever dashboard answers.
 */
@ExtendWith(FreshInstallation.class)
class ScaleOutE2ETest {

    private static final int STEADY_JOBS = 100;
    private static final int LIMITED = 150;
    private static final int RATE = 20;
    private static final int BURST = 20;
    private static final int NOISY = 6_000;
    private static final int QUIET = 40;
    private static final int PROBE = 1_000;
    private static final String PASSWORD = "a long passphrase";
    private static final Duration WAIT = Duration.ofSeconds(90);
    /** A killed worker's runs are taken up 5 s after its last heartbeat. */
    private static final Map<String, String> QUICK_DEATH = Map.of("CHRONOHOOK_NODE_DEAD_AFTER", "PT5S");

    @Test
    void threeInstancesAndTwoDashboardsBehindABalancerLoseNothingWhenAWorkerIsKilledAndAnotherAdded()
            throws Exception {
        try (Receiver steadyEndpoint = new Receiver();
             Receiver limitedEndpoint = new Receiver();
             Receiver noisyEndpoint = new Receiver();
             Receiver quietEndpoint = new Receiver()) {
            CompletableFuture<BackendProcess> startingApi = start("api");
            CompletableFuture<BackendProcess> startingFirst = start("worker");
            CompletableFuture<BackendProcess> startingSecond = start("worker");
            try (BackendProcess api = startingApi.join();
                 BackendProcess second = startingSecond.join()) {
                BackendProcess first = startingFirst.join();
                try {
                    run(api, first, second, steadyEndpoint, limitedEndpoint, noisyEndpoint, quietEndpoint);
                } finally {
                    first.close();
                }
            }
        }
    }

    private void run(BackendProcess api, BackendProcess first, BackendProcess second, Receiver steadyEndpoint,
                     Receiver limitedEndpoint, Receiver noisyEndpoint, Receiver quietEndpoint) throws Exception {
        String email = "scale-" + UUID.randomUUID() + "@example.com";
        ApiClient steady = new ApiClient(api.uri("/"));
        UUID steadyTenant = uuid(steady.signUp(email, PASSWORD).get("tenantId").asString());
        ApiClient limited = new ApiClient(api.uri("/"));
        limited.signUp();
        ApiClient noisy = new ApiClient(api.uri("/"));
        noisy.signUp();
        ApiClient quiet = new ApiClient(api.uri("/"));
        quiet.signUp();

        // Steady load from the start: 100 runs a second.
        List<String> steadyJobs = new ArrayList<>();
        for (int i = 0; i < STEADY_JOBS; i++) {
            steadyJobs.add(ApiClient.cron("steady-" + i, "* * * * * *", steadyEndpoint.url("/steady")));
        }
        steady.createInBatches(steadyJobs, STEADY_JOBS, 1);
        Instant steadyFrom = Instant.now().plusSeconds(2);

        // A rate-limited endpoint's backlog, drained over both workers; the first is killed in the middle of it.
        URI limitedTarget = URI.create(limitedEndpoint.url("/limited"));
        limited.send("PUT", "/api/v1/endpoints/" + limitedTarget.getHost() + ":" + limitedTarget.getPort()
                + "/limits", "{\"rate\":{\"limit\":" + RATE + ",\"period\":\"PT1S\",\"burst\":" + BURST + "}}", 200);
        Instant limitedDue = Instant.now().plusSeconds(10).truncatedTo(ChronoUnit.SECONDS);
        List<String> limitedJobs = new ArrayList<>();
        for (int i = 0; i < LIMITED; i++) {
            limitedJobs.add(ApiClient.oneShot("limited-" + i, limitedDue, limitedTarget.toString()));
        }
        limited.createInBatches(limitedJobs, LIMITED, 1);
        Await.until(() -> limitedEndpoint.total() >= 2 * BURST, WAIT,
                () -> limitedEndpoint.total() + " delivered to the limited endpoint");
        first.kill();
        long inFlightAtKill = scalar("select count(*) from run where state = 'delivering'");

        // Another worker joins while the load goes on.
        try (BackendProcess third = start("worker").join()) {
            Await.until(() -> limitedEndpoint.distinct() >= LIMITED, WAIT,
                    () -> limitedEndpoint.distinct() + " of " + LIMITED + " delivered to the limited endpoint");
            assertRateHeld(limitedEndpoint);

            // A noisy tenant's burst beside a quiet tenant, on the second and the added worker, set far enough ahead
            // for this machine to create its jobs first: how fast it does now is measured on 1,000 jobs due tomorrow.
            List<String> probeJobs = new ArrayList<>();
            for (int i = 0; i < PROBE; i++) {
                probeJobs.add(ApiClient.oneShot("tomorrow-" + i, Instant.now().plus(Duration.ofDays(1)),
                        quietEndpoint.url("/tomorrow")));
            }
            long probing = System.nanoTime();
            quiet.createInBatches(probeJobs, PROBE, 1);
            Duration probe = Duration.ofNanos(System.nanoTime() - probing);
            Duration lead = burstLead(probe);
            Instant burst = Instant.now().plus(lead).truncatedTo(ChronoUnit.SECONDS);
            Instant creatingBurst = Instant.now();
            List<String> quietJobs = new ArrayList<>();
            for (int i = 0; i < QUIET; i++) {
                quietJobs.add(ApiClient.oneShot("quiet-" + i, burst.plusMillis(500 + 25L * i), quietEndpoint.url("/q")));
            }
            quiet.createInBatches(quietJobs, QUIET, 1);
            List<String> noisyJobs = new ArrayList<>();
            for (int i = 0; i < NOISY; i++) {
                noisyJobs.add(ApiClient.oneShot("noisy-" + i, burst, noisyEndpoint.url("/n")));
            }
            noisy.createInBatches(noisyJobs, 1000, 2);
            System.out.printf("[scale-out] %d jobs created in %d ms; the burst's %d, set %d s ahead, in %d ms%n",
                    PROBE, probe.toMillis(), NOISY + QUIET, lead.toSeconds(),
                    Duration.between(creatingBurst, Instant.now()).toMillis());
            assertThat(Instant.now()).as("jobs were created before they fell due").isBefore(burst.minusSeconds(5));
            Await.until(() -> noisyEndpoint.distinct() >= NOISY && quietEndpoint.distinct() >= QUIET, WAIT,
                    () -> noisyEndpoint.distinct() + " noisy, " + quietEndpoint.distinct() + " quiet delivered");
            Instant lastNoisy = Instant.EPOCH;
            for (Receiver.Arrival arrival : noisyEndpoint.arrivals()) {
                lastNoisy = arrival.at().isAfter(lastNoisy) ? arrival.at() : lastNoisy;
            }
            assertThat(lastNoisy).as("the noisy tenant was still draining when the quiet one's last run fell due")
                    .isAfter(burst.plusMillis(500 + 25L * (QUIET - 1)));
            double drain = Duration.between(burst, lastNoisy).toMillis() / 1000.0;
            Lags quietLags = Lags.of(quietEndpoint.arrivals());
            // The steady tenant fires all along on the same workers. On a machine too slow to keep every run within
            // the fair bound, a pass through the instance takes longer for every tenant: the quiet tenant is then
            // within twice the steady tenant's latest, where a quiet run held behind the backlog would come with
            // its end, seconds later.
            Instant drained = lastNoisy;
            long steadyLatest = Lags.of(steadyEndpoint.arrivals(), arrival -> !arrival.scheduledFor().isBefore(burst)
                    && arrival.scheduledFor().isBefore(drained)).percentile(100);
            assertThat(quietLags.percentile(99))
                    .as("the quiet tenant's p99 fire lag, ms, beside a backlog drained in %.1f s (the steady tenant's"
                            + " latest meanwhile: %d ms)", drain, steadyLatest)
                    .isLessThanOrEqualTo(Math.max(Lags.fairBoundMillis(drain), 2 * steadyLatest));
            assertThat(scalar("select count(*) from run where claimed_by = (select id from node where roles = 'worker'"
                    + " order by started_at desc limit 1)")).as("runs the added worker claimed").isPositive();

            signInAndBrowseThroughTheBalancer(api, email);

            // Every steady run due since the start and until a few seconds ago was delivered once.
            Instant steadyUntil = Instant.now().minusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
            String steadyRuns = "select count(*) from run where tenant_id = '" + steadyTenant + "' and scheduled_for"
                    + " >= '" + steadyFrom + "' and scheduled_for < '" + steadyUntil + "'";
            Await.until(() -> scalar(steadyRuns + " and state <> 'succeeded'") == 0, WAIT,
                    () -> scalar(steadyRuns + " and state <> 'succeeded'") + " steady runs not yet delivered");
            Set<String> steadyArrived = new HashSet<>();
            for (Receiver.Arrival arrival : steadyEndpoint.arrivals()) {
                if (!arrival.scheduledFor().isBefore(steadyFrom) && arrival.scheduledFor().isBefore(steadyUntil)) {
                    steadyArrived.add(arrival.webhookId());
                }
            }
            long expected = scalar(steadyRuns);
            assertThat(expected).as("steady runs in the window").isGreaterThanOrEqualTo(
                    STEADY_JOBS * (Duration.between(steadyFrom, steadyUntil).toSeconds() - 1));
            assertThat(steadyArrived).as("steady runs the receiver got").hasSize((int) expected);
            // The burst came after the kill was dealt with: its runs went out exactly once over the two workers.
            assertThat(noisyEndpoint.total()).as("deliveries of the burst").isEqualTo(NOISY);
            assertThat(quietEndpoint.total()).as("deliveries of the quiet tenant").isEqualTo(QUIET);
            long duplicates = steadyEndpoint.duplicated() + limitedEndpoint.duplicated() + noisyEndpoint.duplicated()
                    + quietEndpoint.duplicated();
            assertThat(duplicates).as("runs delivered twice").isLessThanOrEqualTo(inFlightAtKill);
        }
    }

    /**
     * How far ahead the burst is set: 10 s, and twice what creating its 6,040 jobs takes at the pace of the probe's
     * 1,000, at most 60 s. The burst's batches go two at a time, on an instance the probe warmed up: they were seen to
     * take a fifth of the time a job that the probe's did (1,897 ms for the burst after 1,601 ms for the probe).
     */
    private static Duration burstLead(Duration probe) {
        Duration lead = Duration.ofSeconds(10).plus(probe.multipliedBy(2L * (NOISY + QUIET)).dividedBy(PROBE));
        return lead.compareTo(Duration.ofSeconds(60)) > 0 ? Duration.ofSeconds(60) : lead;
    }

    /**
     * In any second the endpoint got at most a full bucket and what refills in a second and a half (a request's way
     * from the bucket to the receiver varies, under this load, by up to half a second), and the whole backlog took
     * the time its rate gives it: without the limit it would all arrive within a second.
     */
    private static void assertRateHeld(Receiver endpoint) {
        List<Instant> at = new ArrayList<>();
        endpoint.arrivals().forEach(arrival -> at.add(arrival.at()));
        at.sort(null);
        int most = 0;
        for (int from = 0, to = 0; from < at.size(); from++) {
            while (to < at.size() && at.get(to).isBefore(at.get(from).plusSeconds(1))) {
                to++;
            }
            most = Math.max(most, to - from);
        }
        assertThat(most).as("deliveries in the busiest second").isLessThanOrEqualTo(BURST + RATE * 3 / 2);
        double seconds = Duration.between(at.getFirst(), at.getLast()).toMillis() / 1000.0;
        assertThat(seconds).as("seconds from the first to the last delivery")
                .isGreaterThanOrEqualTo(0.9 * (at.size() - BURST) / RATE);
    }

    /** Signs in and moves through the dashboard while the balancer sends each request to the next instance. */
    private static void signInAndBrowseThroughTheBalancer(BackendProcess api, String email) throws Exception {
        CompletableFuture<FrontendProcess> startingOne = CompletableFuture.supplyAsync(() -> dashboard(api));
        CompletableFuture<FrontendProcess> startingOther = CompletableFuture.supplyAsync(() -> dashboard(api));
        try (FrontendProcess one = startingOne.join();
             FrontendProcess other = startingOther.join();
             RoundRobinProxy balancer = new RoundRobinProxy(List.of(one.uri(""), other.uri("")));
             Browser browser = new Browser()) {
            browser.open(balancer.uri("/login"));
            browser.type(By.id("email"), email);
            browser.type(By.id("password"), PASSWORD);
            browser.click(By.cssSelector("form button[type=submit]"));
            browser.waitUntil(() -> browser.currentUrl().endsWith("/jobs"), WAIT);
            for (int page = 0; page < 6; page++) {
                browser.open(balancer.uri(page % 2 == 0 ? "/jobs" : "/usage"));
                assertThat(browser.currentUrl()).as("page %d stays signed in", page).doesNotContain("/login");
                assertThat(browser.text()).as("page %d", page).contains(page % 2 == 0 ? "steady-" : "Usage");
            }
            assertThat(balancer.answeredBy(0)).as("requests the first dashboard answered").isGreaterThanOrEqualTo(3);
            assertThat(balancer.answeredBy(1)).as("requests the second dashboard answered").isGreaterThanOrEqualTo(3);
        }
    }

    private static CompletableFuture<BackendProcess> start(String roles) {
        return CompletableFuture.supplyAsync(() -> {
            Map<String, String> env = new HashMap<>(QUICK_DEATH);
            env.put("CHRONOHOOK_ROLES", roles);
            try {
                return BackendProcess.start(env);
            } catch (Exception e) {
                throw new IllegalStateException("the " + roles + " instance did not start", e);
            }
        });
    }

    private static FrontendProcess dashboard(BackendProcess api) {
        try {
            return FrontendProcess.start(api.uri(""));
        } catch (Exception e) {
            throw new IllegalStateException("a dashboard did not start", e);
        }
    }

    private static long scalar(String sql) throws Exception {
        try (Connection db = TestEnvironment.database(); PreparedStatement query = db.prepareStatement(sql);
             ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static UUID uuid(String tenantId) {
        String hex = tenantId.substring(4);
        return new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }
}
