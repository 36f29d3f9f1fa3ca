package io.chronohook.e2e.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An endpoint that takes 10 requests at once and a second each, two instances, and runs all due together: the
 * receiver never holds more than 10, every run is delivered, and none spent an attempt waiting. Then {@code kill -9}
 * of one instance while it holds slots: every slot held at the kill is back within 15 s (read in Redis: gone, or its
 * lease run out, which no take counts), and the survivor fills the endpoint again.
 */
@ExtendWith(FreshInstallation.class)
class EndpointLimitE2ETest {

    /** 400 in the suite; {@code -Dchronohook.e2e.endpoint-runs=1000} for the full size (about 100 s of deliveries). */
    private static final int RUNS = Integer.getInteger("chronohook.e2e.endpoint-runs", 400);
    private static final int LIMIT = 10;
    private static final Map<String, String> QUICK_DEATH = Map.of("CHRONOHOOK_NODE_DEAD_AFTER", "PT5S");

    @Test
    void tenAtOnceOverTwoInstancesAndAKilledInstancesSlotsComeBack() throws Exception {
        try (Receiver receiver = new Receiver(Duration.ofSeconds(1));
             BackendProcess survivor = BackendProcess.start(QUICK_DEATH);
             BackendProcess killed = BackendProcess.start(QUICK_DEATH)) {
            ApiClient api = new ApiClient(survivor.uri("/"));
            String tenant = api.signUp().get("tenantId").asString();
            URI target = URI.create(receiver.url("/limited"));
            String slotSet = "chronohook:flow:{" + uuid(tenant) + "}:host:" + target.getHost() + ":" + target.getPort();
            api.send("PUT", "/api/v1/endpoints/" + target.getHost() + ":" + target.getPort() + "/limits",
                    "{\"maxInFlight\":" + LIMIT + "}", 200);
            Instant due = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                jobs.add(ApiClient.oneShot("limited-" + i, due, receiver.url("/limited")));
            }
            api.createInBatches(jobs, 200, 2);
            assertThat(Instant.now()).as("jobs were created before they fell due").isBefore(due);

            // Both instances deliver; the endpoint is kept at its limit.
            // What a wait that fails says: the receiver's counts, the slots taken now and the runs' states.
            Await.Seen seen = () -> receiver.total() + " delivered, " + receiver.inFlight() + " in flight; slots "
                    + stillHeld(slotSet, TestEnvironment.sortedSetMembers(slotSet)) + "; runs " + states(tenant);
            Await.until(() -> receiver.total() >= 100, Duration.ofSeconds(60), seen);
            assertThat(receiver.maxInFlight()).isEqualTo(LIMIT);
            long beforeKill = receiver.total();
            assertThat(attemptsOverOne(tenant)).as("runs that spent more than one attempt").isZero();

            List<String> slotsAtKill = TestEnvironment.sortedSetMembers(slotSet);
            assertThat(slotsAtKill).as("slots held just before the kill").isNotEmpty();
            killed.kill();
            Instant killedAt = Instant.now();
            // What the dead instance held stays as it was until its runs are rescued (it counts dead after 5 s).
            Set<String> heldByKilled = heldBy(tenant, killed.pid());
            Await.until(() -> receiver.inFlight() < LIMIT, Duration.ofSeconds(5), seen);
            // The dead instance's slots come back when their leases run out (the survivor's end with their requests):
            // none of the slots held at the kill still counts (gone, or its lease run out: the next take removes it).
            Await.until(() -> stillHeld(slotSet, slotsAtKill).isEmpty(), Duration.ofSeconds(30),
                    () -> "slots held at the kill still held: " + stillHeld(slotSet, slotsAtKill) + "; "
                            + seen.describe());
            Duration back = Duration.between(killedAt, Instant.now());
            assertThat(back).as("slots back after the kill").isLessThanOrEqualTo(Duration.ofSeconds(15));
            // The survivor, which held about half of them, fills the endpoint again (requests come and go: nearly
            // full counts); its runs waiting for capacity look again within 5 s.
            Await.until(() -> receiver.inFlight() >= LIMIT - 2, Duration.ofSeconds(45), seen);
            System.out.printf("[flow] %d slots held at the kill, all back %.1f s after it; the endpoint full again "
                            + "%.1f s after it (%d delivered before it)%n", slotsAtKill.size(), back.toMillis() / 1000.0,
                    Duration.between(killedAt, Instant.now()).toMillis() / 1000.0, beforeKill);

            Await.until(() -> receiver.distinct() == RUNS, Duration.ofSeconds(30 + RUNS / LIMIT), seen);
            assertThat(receiver.maxInFlight()).isEqualTo(LIMIT);
            // Only the requests cut by the kill were sent again, and only runs the dead instance held took a second
            // attempt (those it had claimed but not sent yet count their lost attempt too).
            assertThat(receiver.total() - RUNS).isLessThanOrEqualTo(LIMIT);
            assertThat(runsOverOneAttempt(tenant)).isSubsetOf(heldByKilled);
        }
    }

    private static String uuid(String tenantId) {
        String hex = tenantId.substring(tenantId.indexOf('_') + 1);
        return hex.replaceFirst("(\\p{XDigit}{8})(\\p{XDigit}{4})(\\p{XDigit}{4})(\\p{XDigit}{4})(\\p{XDigit}+)",
                "$1-$2-$3-$4-$5");
    }

    /** The slots of {@code held} whose lease has not run out, with how long it still runs. */
    private static Map<String, String> stillHeld(String set, List<String> held) throws Exception {
        long now = System.currentTimeMillis();
        Map<String, String> left = new TreeMap<>();
        TestEnvironment.sortedSet(set).forEach((member, until) -> {
            if (held.contains(member) && until > now) {
                left.put(member.substring(0, 8), String.format("%+.1f s", (until - now) / 1000.0));
            }
        });
        return left;
    }

    /** The tenant's runs by state and reason for waiting, as {@code state/reason=count}. */
    private static String states(String tenantId) throws Exception {
        String hex = tenantId.substring(tenantId.indexOf('_') + 1);
        StringBuilder out = new StringBuilder();
        try (Connection db = TestEnvironment.database(); PreparedStatement query = db.prepareStatement(
                "select state, coalesce(deferred_reason, '-'), count(*) from run where tenant_id = cast(? as uuid) "
                        + "group by 1, 2 order by 1, 2")) {
            query.setString(1, hex);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    out.append(rows.getString(1)).append('/').append(rows.getString(2)).append('=')
                            .append(rows.getLong(3)).append(' ');
                }
            }
        }
        return out.toString().trim();
    }

    private static long attemptsOverOne(String tenantId) throws Exception {
        return runsOverOneAttempt(tenantId).size();
    }

    private static Set<String> runsOverOneAttempt(String tenantId) throws Exception {
        return ids("select id from run where tenant_id = cast(? as uuid) and attempt > 1", tenantId, null);
    }

    /** The tenant's runs in delivery claimed by the instance with process id {@code pid}. */
    private static Set<String> heldBy(String tenantId, long pid) throws Exception {
        return ids("select r.id from run r join node n on n.id = r.claimed_by where r.tenant_id = cast(? as uuid) "
                + "and r.state = 'delivering' and n.host like ?", tenantId, "%/" + pid);
    }

    private static Set<String> ids(String sql, String tenantId, String host) throws Exception {
        String hex = tenantId.substring(tenantId.indexOf('_') + 1);
        Set<String> ids = new HashSet<>();
        try (Connection db = TestEnvironment.database(); PreparedStatement query = db.prepareStatement(sql)) {
            query.setString(1, hex);
            if (host != null) {
                query.setString(2, host);
            }
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        }
        return ids;
    }
}
