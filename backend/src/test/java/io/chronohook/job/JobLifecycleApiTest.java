package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** What a job's state and updatedAt say while the scheduler works on it: only what is true. */
class JobLifecycleApiTest extends ReceiverApiTest {

    @Test
    void aOneShotJobStaysActiveWhileItsRunIsInFlightAndIsCompletedOnlyAfterItFinished() {
        TestTenant tenant = signUp();
        receiver.script("/slow", request -> new Reply(200, "done", Map.of(), Duration.ofSeconds(3)));

        Map<?, ?> created = create(tenant, Map.of("type", "now"), "/slow");
        assertThat(created.get("state")).isEqualTo("active");

        await().atMost(Duration.ofSeconds(10)).until(() -> !receiver.receivedAt("/slow").isEmpty());
        Map<?, ?> inFlight = job(tenant, created);
        assertThat(inFlight.get("state")).isEqualTo("active");
        assertThat(inFlight.get("nextRunAt")).isNull();

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Map<?, ?> done = job(tenant, created);
            assertThat(done.get("state")).isEqualTo("completed");
            assertThat(((Map<?, ?>) done.get("lastRun")).get("state")).isEqualTo("succeeded");
        });
        assertThat(job(tenant, created).get("updatedAt")).isEqualTo(created.get("updatedAt"));
    }

    @Test
    void anAtJobIsNotCompletedWhenItsRunIsPlannedButWhenItEndsDead() {
        TestTenant tenant = signUp();
        receiver.script("/refuses", request -> new Reply(400, "no", Map.of(), Duration.ofSeconds(2)));
        Map<?, ?> created = create(tenant, Map.of("type", "at", "at", Instant.now().plusSeconds(1).toString()),
                "/refuses");

        await().atMost(Duration.ofSeconds(10)).until(() -> !receiver.receivedAt("/refuses").isEmpty());
        assertThat(job(tenant, created).get("state")).isEqualTo("active");

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(job(tenant, created).get("state")).isEqualTo("completed"));
    }

    @Test
    void thePlannersBookkeepingDoesNotChangeUpdatedAtButAnEditDoes() {
        TestTenant tenant = signUp();
        Map<?, ?> created = create(tenant, Map.of("type", "interval", "every", "PT1S"), "/tick");

        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/tick").size() >= 3);
        Map<?, ?> ticking = job(tenant, created);
        assertThat(ticking.get("nextRunAt")).isNotEqualTo(created.get("nextRunAt"));
        assertThat(ticking.get("updatedAt")).isEqualTo(created.get("updatedAt"));
        assertThat(ticking.get("version")).isEqualTo(created.get("version"));

        Map<?, ?> renamed = http.patch().uri("/api/v1/jobs/{id}", created.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "renamed"))
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(Instant.parse((String) renamed.get("updatedAt")))
                .isAfter(Instant.parse((String) created.get("updatedAt")));
        http.delete().uri("/api/v1/jobs/{id}", created.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();
    }

    private Map<?, ?> create(TestTenant tenant, Map<String, Object> schedule, String path) {
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "lifecycle", "schedule", schedule, "target", Map.of("url", receiver.url(path)),
                        "retry", Map.of("maxAttempts", 1)))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
    }

    private Map<?, ?> job(TestTenant tenant, Map<?, ?> created) {
        return http.get().uri("/api/v1/jobs/{id}", created.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
    }
}
