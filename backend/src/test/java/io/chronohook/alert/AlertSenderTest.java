package io.chronohook.alert;

import static org.assertj.core.api.Assertions.assertThat;

import com.standardwebhooks.Webhook;
import io.chronohook.account.SigningSecrets;
import io.chronohook.dispatch.WebhookDispatcher;
import io.chronohook.pipeline.TenantSecrets;
import io.chronohook.platform.Uuid7;
import io.chronohook.support.ManualClock;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sender on a clock moved by hand: alerts are raised a day ahead, where the application's own sender (on the
 * real clock) never finds them due, and senders made here take them at the times the test chooses.
 */
class AlertSenderTest extends ReceiverApiTest {

    @Autowired
    AlertStore store;

    @Autowired
    WebhookDispatcher dispatcher;

    @Autowired
    TenantSecrets secrets;

    @Autowired
    SigningSecrets signingSecrets;

    @Autowired
    AlertProperties properties;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    private final ManualClock clock = new ManualClock(Instant.now().plus(Duration.ofDays(1)));
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private TestTenant tenant;
    private UUID jobId;

    @BeforeEach
    void tenantWithAlerts() {
        tenant = signUp();
        http.put().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("url", receiver.url("/alerts"), "cooldown", "PT1H"))
                .exchange().expectStatus().isOk();
        jobId = AlertDeliveryTest.uuid(standbyJob(tenant, "/job", Map.of()));
    }

    @Test
    void twoSendersRacingDeliverEachAlertOnceWithItsIdAsWebhookId() throws Exception {
        List<UUID> ids = List.of(raise("alert.test", null), raise("alert.test", null), raise("alert.test", null));
        AlertSender one = sender(properties);
        AlertSender two = sender(properties);

        Mono.zip(one.runOnce(), two.runOnce()).block();
        assertThat(one.runOnce().block()).isZero();
        assertThat(two.runOnce().block()).isZero();

        List<TestReceiver.Received> received = receiver.receivedAt("/alerts");
        assertThat(received).hasSize(3);
        assertThat(received).extracting(r -> r.header("webhook-id"))
                .containsExactlyInAnyOrderElementsOf(ids.stream().map(id -> new AlertId(id).toString()).toList());
        for (TestReceiver.Received r : received) {
            new Webhook(tenant.signingSecret()).verify(r.body(), r.headers());
        }
    }

    @Test
    void theCooldownHoldsBackRepeatsAndTheNextAlertCarriesTheirCount() {
        AlertSender sender = sender(properties);
        raise("job.failing", jobId);
        sender.runOnce().block();
        clock.advance(Duration.ofMinutes(10));
        raise("job.failing", jobId);
        raise("job.failing", jobId);
        raise("run.dead_lettered", jobId);
        sender.runOnce().block();

        List<Map<?, ?>> sent = payloads();
        assertThat(sent).extracting(p -> (String) p.get("type")).containsExactlyInAnyOrder("job.failing", "run.dead_lettered");
        assertThat(sent).allSatisfy(p -> assertThat(p.get("suppressed")).isEqualTo(0));

        clock.advance(Duration.ofMinutes(51));
        UUID next = raise("job.failing", jobId);
        sender.runOnce().block();

        assertThat(payloads()).hasSize(3);
        Map<?, ?> last = payloads().getLast();
        assertThat(last.get("id")).isEqualTo(new AlertId(next).toString());
        assertThat(last.get("suppressed")).isEqualTo(2);
        http.get().uri("/api/v1/alerts/{id}", new AlertId(next).toString())
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.suppressed").isEqualTo(2).jsonPath("$.state").isEqualTo("delivered");
        // The sender serves the whole outbox, other tests' alerts included: at least this test's count.
        assertThat(alerts("job.failing", "delivered")).isGreaterThanOrEqualTo(2);
        assertThat(alerts("job.failing", "suppressed")).isGreaterThanOrEqualTo(2);
        assertThat(alerts("run.dead_lettered", "delivered")).isGreaterThanOrEqualTo(1);
    }

    private double alerts(String kind, String result) {
        var counter = meters.find("chronohook.alerts").tag("kind", kind).tag("result", result).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void aFailingWebhookIsRetriedWithBackoffUnderTheSameIdThenGivenUp() {
        receiver.script("/alerts", request -> new TestReceiver.Reply(503, "busy"));
        AlertProperties threeTries = new AlertProperties(properties.interval(), properties.batch(), 3,
                Duration.ofSeconds(10), Duration.ofMinutes(5), properties.timeout(), properties.scanInterval(),
                properties.scanLookback(), properties.retention(), properties.defaults());
        AlertSender sender = sender(threeTries);
        UUID id = raise("run.dead_lettered", jobId);

        sender.runOnce().block();
        clock.advance(Duration.ofSeconds(9));
        assertThat(sender.runOnce().block()).isZero();
        clock.advance(Duration.ofMinutes(1));
        sender.runOnce().block();
        clock.advance(Duration.ofMinutes(10));
        sender.runOnce().block();
        clock.advance(Duration.ofHours(1));
        assertThat(sender.runOnce().block()).isZero();

        assertThat(receiver.receivedAt("/alerts")).hasSize(3)
                .extracting(r -> r.header("webhook-id")).containsOnly(new AlertId(id).toString());
        assertThat(receiver.receivedAt("/alerts")).extracting(r -> r.header("chronohook-attempt"))
                .containsExactly("1", "2", "3");
        http.get().uri("/api/v1/alerts/{id}", new AlertId(id).toString())
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.state").isEqualTo("failed")
                .jsonPath("$.attempts").isEqualTo(3)
                .jsonPath("$.lastStatusCode").isEqualTo(503)
                .jsonPath("$.lastError").isEqualTo("the alert webhook answered HTTP 503");
        assertThat(alerts("run.dead_lettered", "retried")).isGreaterThanOrEqualTo(2);
        assertThat(alerts("run.dead_lettered", "failed")).isGreaterThanOrEqualTo(1);
    }

    @Test
    void anAlertThatCannotBeSignedCountsAsAFailedTryAndIsGivenUpAfterTheLast() {
        db.sql("update signing_secret set ciphertext = :garbage where tenant_id = :tenantId")
                .bind("garbage", new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                        21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40})
                .bind("tenantId", AlertDeliveryTest.uuid(tenant.tenantId()))
                .then().block();
        AlertProperties twoTries = new AlertProperties(properties.interval(), properties.batch(), 2,
                Duration.ofSeconds(10), Duration.ofMinutes(5), properties.timeout(), properties.scanInterval(),
                properties.scanLookback(), properties.retention(), properties.defaults());
        // Secrets opened afresh, not from the application's cache.
        AlertSender sender = new AlertSender(store, dispatcher, new TenantSecrets(signingSecrets, clock), twoTries,
                json, meters, clock);
        UUID id = raise("run.dead_lettered", jobId);

        sender.runOnce().block();
        alert(id).jsonPath("$.state").isEqualTo("pending")
                .jsonPath("$.attempts").isEqualTo(1)
                .jsonPath("$.lastError").value(error -> assertThat((String) error)
                        .startsWith("could not sign or send the alert: "));
        sender.runOnce().block();
        alert(id).jsonPath("$.attempts").isEqualTo(1);

        clock.advance(Duration.ofMinutes(10));
        sender.runOnce().block();
        alert(id).jsonPath("$.state").isEqualTo("failed").jsonPath("$.attempts").isEqualTo(2);
        clock.advance(Duration.ofHours(1));
        sender.runOnce().block();
        alert(id).jsonPath("$.attempts").isEqualTo(2);
        assertThat(receiver.receivedAt("/alerts")).isEmpty();
        assertThat(alerts("run.dead_lettered", "retried")).isGreaterThanOrEqualTo(1);
        assertThat(alerts("run.dead_lettered", "failed")).isGreaterThanOrEqualTo(1);
    }

    private WebTestClient.BodyContentSpec alert(UUID id) {
        return http.get().uri("/api/v1/alerts/{id}", new AlertId(id).toString())
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody();
    }

    @Test
    void alertsRaisedBeforeAlertsWereTurnedOffAreDroppedNotSent() {
        UUID id = raise("run.dead_lettered", jobId);
        http.delete().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();

        sender(properties).runOnce().block();

        assertThat(receiver.receivedAt("/alerts")).isEmpty();
        http.get().uri("/api/v1/alerts/{id}", new AlertId(id).toString())
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.state").isEqualTo("failed");
    }

    private AlertSender sender(AlertProperties settings) {
        return new AlertSender(store, dispatcher, secrets, settings, json, meters, clock);
    }

    /** An alert of the test's tenant, raised now on the test's clock. */
    private UUID raise(String kind, UUID job) {
        UUID id = Uuid7.next(clock);
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                insert into alert (id, tenant_id, kind, dedup_key, job_id, state, next_attempt_at, created_at)
                values (:id, :tenantId, :kind, :key, :jobId, 'pending', :now, :now)
                """)
                .bind("id", id).bind("tenantId", AlertDeliveryTest.uuid(tenant.tenantId())).bind("kind", kind)
                .bind("key", kind + ":" + id).bind("now", clock.instant().atOffset(ZoneOffset.UTC));
        spec = job == null ? spec.bindNull("jobId", UUID.class) : spec.bind("jobId", job);
        spec.then().block();
        return id;
    }

    private List<Map<?, ?>> payloads() {
        return receiver.receivedAt("/alerts").stream().<Map<?, ?>>map(r -> json.readValue(r.body(), Map.class))
                .toList();
    }
}
