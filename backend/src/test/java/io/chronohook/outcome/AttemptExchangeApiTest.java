package io.chronohook.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * Each attempt of a run shows the request that went out — line, headers with credentials masked, body — and the
 * headers of the answer, as the receiver saw and sent them.
 */
class AttemptExchangeApiTest extends ReceiverApiTest {

    @Test
    void anAttemptShowsTheRequestSentWithSecretsMaskedAndTheResponseHeaders() {
        receiver.script("/exchange", r -> new Reply(200, "ok",
                Map.of("X-Receiver", "warehouse-7", "Set-Cookie", "session=abc123"), Duration.ZERO));
        TestTenant tenant = signUp();
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "exchange", "schedule", Map.of("type", "now"),
                        "target", Map.of("url", receiver.url("/exchange"), "body", "{\"report\":\"daily\"}",
                                "headers", Map.of("X-Source", "chronohook", "Authorization", "Bearer s3cret-value",
                                        "X-Api-Token", "t0ken"))))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();

        String jobId = (String) job.get("id");
        awaitAttempt(tenant, jobId);
        // Completing the one-shot job changes its version, not its payload: the body stays on show.
        await().atMost(Duration.ofSeconds(20)).until(() -> "completed".equals(http.get().uri("/api/v1/jobs/{id}", jobId)
                .header("Authorization", "Bearer " + tenant.apiKey()).exchange().expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody().get("state")));
        Map<?, ?> attempt = awaitAttempt(tenant, jobId);
        TestReceiver.Received received = receiver.receivedAt("/exchange").getFirst();

        Map<?, ?> request = (Map<?, ?>) attempt.get("request");
        assertThat(request.get("method")).isEqualTo("POST");
        assertThat(request.get("url")).isEqualTo(receiver.url("/exchange"));
        assertThat(request.get("body")).isEqualTo("{\"report\":\"daily\"}");
        assertThat(request.get("bodyTruncated")).isEqualTo(false);
        Map<String, Map<?, ?>> sent = byName((List<?>) request.get("headers"));
        assertThat(sent.get("webhook-id").get("value")).isEqualTo(received.header("webhook-id"));
        assertThat(sent.get("webhook-timestamp").get("value")).isEqualTo(received.header("webhook-timestamp"));
        assertThat(sent.get("webhook-signature").get("value")).isEqualTo(received.header("webhook-signature"));
        assertThat(sent.get("webhook-signature").get("masked")).isEqualTo(false);
        assertThat(sent.get("X-Source").get("value")).isEqualTo("chronohook");
        assertThat(sent.get("Authorization").get("value")).isEqualTo("••••••");
        assertThat(sent.get("Authorization").get("masked")).isEqualTo(true);
        assertThat(sent.get("X-Api-Token").get("masked")).isEqualTo(true);
        assertThat(received.header("authorization")).isEqualTo("Bearer s3cret-value");

        Map<String, Map<?, ?>> answered = byName((List<?>) attempt.get("responseHeaders"));
        assertThat(answered.get("X-Receiver").get("value")).isEqualTo("warehouse-7");
        assertThat(answered.get("Set-Cookie").get("value")).isEqualTo("••••••");
        assertThat(answered.get("Set-Cookie").get("masked")).isEqualTo(true);
    }

    @Test
    void onceTheJobChangesAnOldAttemptNoLongerShowsABodyAndSaysWhy() {
        TestTenant tenant = signUp();
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "changing", "schedule", Map.of("type", "now"),
                        "target", Map.of("url", receiver.url("/changing"), "body", "first")))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        String jobId = (String) job.get("id");
        assertThat(((Map<?, ?>) awaitAttempt(tenant, jobId).get("request")).get("body")).isEqualTo("first");

        http.patch().uri("/api/v1/jobs/{id}", jobId).header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("target", Map.of("body", "second")))
                .exchange().expectStatus().isOk();

        Map<?, ?> request = (Map<?, ?>) awaitAttempt(tenant, jobId).get("request");
        assertThat(request.get("body")).isNull();
        assertThat((String) request.get("bodyNote")).contains("changed");
        assertThat(request.get("method")).isEqualTo("POST");
    }

    private Map<?, ?> awaitAttempt(TestTenant tenant, String jobId) {
        String[] runId = new String[1];
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            Map<?, ?> page = http.get().uri("/api/v1/jobs/{id}/runs", jobId)
                    .header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
            List<?> items = (List<?>) page.get("items");
            if (items.isEmpty() || !"succeeded".equals(((Map<?, ?>) items.getFirst()).get("state"))) {
                return false;
            }
            runId[0] = (String) ((Map<?, ?>) items.getFirst()).get("id");
            return true;
        });
        Map<?, ?> run = http.get().uri("/api/v1/runs/{id}", runId[0]).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return (Map<?, ?>) ((List<?>) run.get("attempts")).getFirst();
    }

    private static Map<String, Map<?, ?>> byName(List<?> headers) {
        return headers.stream().map(h -> (Map<?, ?>) h)
                .collect(Collectors.toMap(h -> (String) h.get("name"), h -> h, (a, b) -> a));
    }
}
