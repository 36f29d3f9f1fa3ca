package io.chronohook.e2e.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The backend on a Redis Cluster of three masters, chosen by settings alone ({@code SPRING_DATA_REDIS_CLUSTER_NODES}):
 * every path that keeps state in Redis runs — sign-up and sign-in limits with an account locked after repeated
 * failures, the API's token buckets, the time gate's shards, flow keys and an endpoint's limits, the shared circuit
 * breakers — and none of them fails. A Lua script or a multi-key command whose keys spanned two slots would be
 * refused by the cluster ({@code CROSSSLOT}), and a key of another node's slot by the node it was sent to.
 */
@ExtendWith(FreshInstallation.class)
class RedisClusterE2ETest {

    private static final String PASSWORD = "a long passphrase";
    private static final int JOBS = 40;
    private static final int LIMIT = 10;

    @Test
    void everyRedisPathRunsOnAClusterOfThreeMasters() throws Exception {
        try (var cluster = io.chronohook.e2e.support.RedisCluster.start();
             Receiver endpoint = new Receiver(Duration.ofMillis(20));
             Receiver failing = Receiver.answering(500);
             BackendProcess backend = BackendProcess.start(Map.of(
                     "SPRING_DATA_REDIS_CLUSTER_NODES", cluster.nodes(),
                     "SPRING_DATA_REDIS_HOST", "127.0.0.1",
                     "SPRING_DATA_REDIS_PORT", cluster.nodes().split(",")[0].split(":")[1],
                     "SPRING_DATA_REDIS_DATABASE", "0"))) {
            // Sign-in limits: five wrong passwords lock the account (two keys in one script), so the right one waits.
            String email = "cluster-" + UUID.randomUUID() + "@example.com";
            ApiClient tenant = new ApiClient(backend.uri("/"));
            String apiKey = tenant.signUp(email, PASSWORD).get("apiKey").asString();
            for (int i = 0; i < 5; i++) {
                assertThat(token(backend, email, "not the password")).as("wrong password %d", i).isEqualTo(401);
            }
            assertThat(token(backend, email, PASSWORD)).as("the right password while locked").isEqualTo(429);

            // A flow key and an endpoint's limits, jobs in both priorities: the gate's shards and the flow slots.
            URI target = URI.create(endpoint.url("/cluster"));
            tenant.send("PUT", "/api/v1/flow-keys/reports", "{\"weight\":3,\"maxInFlight\":" + LIMIT + "}", 200);
            tenant.send("PUT", "/api/v1/endpoints/" + target.getHost() + ":" + target.getPort() + "/limits",
                    "{\"maxInFlight\":" + LIMIT + ",\"rate\":{\"limit\":200,\"period\":\"PT1S\",\"burst\":200}}", 200);
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < JOBS; i++) {
                jobs.add("{\"name\":\"cluster-" + i + "\",\"schedule\":{\"type\":\"cron\",\"cron\":\"* * * * * *\"},"
                        + "\"target\":{\"url\":\"" + target + "\"},\"priority\":\"" + (i % 2 == 0 ? "high" : "low")
                        + "\"" + (i % 4 == 0 ? ",\"flowKey\":\"reports\"" : "") + "}");
            }
            tenant.createInBatches(jobs, JOBS, 1);
            // Another tenant's failing endpoint opens a shared breaker.
            ApiClient other = new ApiClient(backend.uri("/"));
            other.signUp();
            List<String> failingJobs = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                failingJobs.add(ApiClient.cron("failing-" + i, "* * * * * *", failing.url("/down")));
            }
            other.createInBatches(failingJobs, 10, 1);

            Await.until(() -> endpoint.distinct() >= 10 * JOBS, Duration.ofSeconds(60),
                    () -> endpoint.distinct() + " runs delivered");
            assertThat(endpoint.duplicated()).isZero();
            assertThat(endpoint.maxInFlight()).as("requests in flight at once").isLessThanOrEqualTo(LIMIT);
            assertThat(failing.total()).as("attempts at the failing endpoint").isPositive();
            Await.until(() -> Long.parseLong(cluster.cli(0, "-c", "hlen", "chronohook:breakers").trim()) >= 1,
                    Duration.ofSeconds(30), () -> "breakers: " + cluster.cli(0, "-c", "hgetall", "chronohook:breakers"));
            // The API's token buckets answer: a call limited by its bucket says what is left in it.
            int limited = 0;
            try (HttpClient http = HttpClient.newHttpClient()) {
                for (int i = 0; i < 20; i++) {
                    HttpResponse<Void> list = http.send(HttpRequest.newBuilder(backend.uri("/api/v1/jobs?limit=5"))
                            .header("Authorization", "Bearer " + apiKey).build(), HttpResponse.BodyHandlers.discarding());
                    assertThat(list.statusCode()).isEqualTo(200);
                    limited += list.headers().firstValue("RateLimit-Remaining").isPresent() ? 1 : 0;
                }
            }
            assertThat(limited).as("calls of 20 that their bucket answered").isGreaterThanOrEqualTo(15);

            List<Long> keys = cluster.keysPerNode();
            assertThat(keys.stream().filter(count -> count > 0).count()).as("nodes holding keys: %s", keys)
                    .isGreaterThanOrEqualTo(2);
            String output = backend.output();
            assertThat(output).doesNotContain("CROSSSLOT").doesNotContain("sign-in limits not applied");
        }
    }

    private static int token(BackendProcess backend, String email, String password) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(backend.uri("/api/v1/auth/token"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"email\":\"" + email + "\",\"password\":\""
                            + password + "\"}")).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }
}
