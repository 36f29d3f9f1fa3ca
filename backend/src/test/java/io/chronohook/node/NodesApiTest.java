package io.chronohook.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.job.JobId;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunId;
import io.chronohook.support.ReceiverApiTest;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Live nodes: every instance heartbeats its row; the operator lists them and drains one (it claims nothing until
 * undrained, and shows drained once its in-flight work is done); a node silent past the dead-after window has its
 * delivering runs taken up again at once, not after their lease.
 */
class NodesApiTest extends ReceiverApiTest {

    @Autowired
    LocalNode node;

    @Autowired
    DatabaseClient db;

    @Test
    void theOperatorSeesThisNodeAliveWithItsRolesVersionAndHeartbeat() {
        Map<?, ?> self = awaitSelf(state -> state.equals("active"));
        assertThat(self.get("roles")).isEqualTo("api,worker");
        assertThat((String) self.get("version")).isNotBlank();
        assertThat((String) self.get("host")).contains("/" + ProcessHandle.current().pid());
        assertThat(Duration.between(Instant.parse((String) self.get("lastHeartbeatAt")), Instant.now()))
                .isLessThan(Duration.ofSeconds(3));
        assertThat((Integer) self.get("inFlight")).isNotNegative();
        assertThat(self.get("drainRequested")).isEqualTo(false);

        http.get().uri("/api/v1/operator/nodes/{id}", "node_" + "0".repeat(32)).header("Authorization", OPERATOR)
                .exchange().expectStatus().isNotFound();
        http.post().uri("/api/v1/operator/nodes/{id}/drain", "not-a-node").header("Authorization", OPERATOR)
                .exchange().expectStatus().isNotFound();
        http.get().uri("/api/v1/operator/nodes").header("Authorization", "Bearer " + signUp().apiKey())
                .exchange().expectStatus().isForbidden();
    }

    @Test
    void aDrainedNodeClaimsNothingUntilUndrainedAndThenDeliversWhatWaited() throws Exception {
        TestTenant tenant = signUp();
        String id = "node_" + node.id().value().toString().replace("-", "");
        http.post().uri("/api/v1/operator/nodes/{id}/drain", id).header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.drainRequested").isEqualTo(true);
        try {
            Map<?, ?> drained = awaitSelf(state -> state.equals("drained"));
            assertThat(drained.get("inFlight")).isEqualTo(0);
            assertThat(node.mayClaim()).isFalse();

            String jobId = standbyJob(tenant, "/drained", Map.of("maxAttempts", 1));
            String runId = trigger(tenant, jobId, 1);
            Thread.sleep(2000);
            assertThat(receiver.receivedAt("/drained")).isEmpty();
            assertThat(runState(tenant, runId)).isIn("scheduled", "queued");
        } finally {
            http.post().uri("/api/v1/operator/nodes/{id}/undrain", id).header("Authorization", OPERATOR)
                    .exchange().expectStatus().isOk().expectBody().jsonPath("$.drainRequested").isEqualTo(false);
        }
        awaitSelf(state -> state.equals("active"));
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.receivedAt("/drained").size() == 1);
    }

    @Test
    void theRunsOfADeadNodeAreDeliveredAgainAtOnceWhileALiveNodesRunsAreLeftAlone() {
        TestTenant tenant = signUp();
        String deadJob = standbyJob(tenant, "/orphan", Map.of("maxAttempts", 3));
        String liveJob = standbyJob(tenant, "/busy", Map.of("maxAttempts", 3));
        UUID dead = UUID.randomUUID();
        UUID alive = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        // A node that stopped heartbeating a minute ago, and one that heartbeats (its heartbeat is in the future
        // here, so it stays alive for the whole test); both hold a run mid-delivery under an hour-long lease.
        insertNode(dead, now.minusMinutes(1));
        insertNode(alive, now.plusHours(1));
        String orphan = holdRun(deadJob, dead, now);
        String busy = holdRun(liveJob, alive, now);

        // A node rescues only once its own heartbeats have gone through for a dead-after window (10 s) since its start.
        await().atMost(Duration.ofSeconds(25)).until(() -> receiver.receivedAt("/orphan").size() == 1);
        assertThat(receiver.receivedAt("/orphan").getFirst().header("webhook-id")).isEqualTo(orphan);
        awaitRunState(tenant, orphan, "succeeded");
        List<?> attempts = (List<?>) run(tenant, orphan).get("attempts");
        assertThat(attempts).hasSize(2);
        assertThat(((Map<?, ?>) attempts.getFirst()).get("outcome")).isEqualTo("lost");

        assertThat(receiver.receivedAt("/busy")).isEmpty();
        assertThat(runState(tenant, busy)).isEqualTo("delivering");

        Map<?, ?> listed = nodes().stream().map(item -> (Map<?, ?>) item)
                .filter(item -> item.get("id").equals("node_" + dead.toString().replace("-", "")))
                .findFirst().orElseThrow();
        assertThat(listed.get("state")).isEqualTo("dead");
        db.sql("delete from node where id in (:ids)").bind("ids", List.of(dead, alive)).then().block();
    }

    private void insertNode(UUID id, OffsetDateTime heartbeat) {
        db.sql("""
                insert into node (id, roles, version, host, started_at, heartbeat_at, in_flight, state)
                values (:id, 'worker', 'test', 'elsewhere/1', :heartbeat, :heartbeat, 1, 'active')
                """).bind("id", id).bind("heartbeat", heartbeat).then().block();
    }

    /** Writes a run of the job in delivery by {@code node}, as a claim would; returns the run's id. */
    private String holdRun(String jobId, UUID node, OffsetDateTime now) {
        UUID run = Uuid7.at(Instant.now());
        db.sql("""
                insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, attempt, trigger, claimed_at,
                                 claimed_by, lease_until, created_at, updated_at)
                select :id, tenant_id, id, :now, :now, 'delivering', 1, 'manual', :now, :node,
                       :now + interval '1 hour', :now, :now
                  from job where id = :job
                """).bind("id", run).bind("now", now).bind("node", node)
                .bind("job", PrefixedIds.parse(JobId.PREFIX, jobId).orElseThrow()).then().block();
        return PrefixedIds.format(RunId.PREFIX, run);
    }

    private Map<?, ?> awaitSelf(java.util.function.Predicate<String> state) {
        String id = "node_" + node.id().value().toString().replace("-", "");
        Map<?, ?>[] found = new Map<?, ?>[1];
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            found[0] = nodes().stream().map(item -> (Map<?, ?>) item).filter(item -> item.get("id").equals(id))
                    .findFirst().orElse(null);
            return found[0] != null && state.test((String) found[0].get("state"));
        });
        return found[0];
    }

    private List<?> nodes() {
        Map<?, ?> page = http.get().uri("/api/v1/operator/nodes").header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return (List<?>) page.get("items");
    }

    private Map<?, ?> run(TestTenant tenant, String runId) {
        return http.get().uri("/api/v1/runs/{id}", runId).header("Authorization", "Bearer " + tenant.apiKey())
                .accept(MediaType.APPLICATION_JSON)
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
    }

    private String runState(TestTenant tenant, String runId) {
        return (String) run(tenant, runId).get("state");
    }

    private void awaitRunState(TestTenant tenant, String runId, String state) {
        await().atMost(Duration.ofSeconds(10)).until(() -> runState(tenant, runId).equals(state));
    }
}
