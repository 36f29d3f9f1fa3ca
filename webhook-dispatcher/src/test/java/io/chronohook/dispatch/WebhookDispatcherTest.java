package io.chronohook.dispatch;

import static io.chronohook.dispatch.RequestBuilder.aRequestTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.standardwebhooks.Webhook;
import io.chronohook.dispatch.DeliveryOutcome.Delivered;
import io.chronohook.dispatch.DeliveryOutcome.Failed;
import io.chronohook.dispatch.DeliveryOutcome.Rejected;
import io.chronohook.dispatch.signing.SigningSecret;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class WebhookDispatcherTest {

    private static final DispatcherSettings LOCAL = DispatcherSettings.defaults().withAllowPrivateTargets(true);

    private final TestReceiver receiver = new TestReceiver();
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private WebhookDispatcher dispatcher = new WebhookDispatcher(LOCAL, Clock.systemUTC());

    @AfterEach
    void stop() {
        dispatcher.close();
        receiver.close();
    }

    @Test
    void aTwoHundredIsDeliveredWithOnlyTheStartOfTheResponseKept() {
        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/ok")).build());

        assertThat(outcome).isInstanceOfSatisfying(Delivered.class, delivered -> {
            assertThat(delivered.status()).isEqualTo(200);
            assertThat(delivered.responseExcerpt()).startsWith("accepted:éé").doesNotContain("\uFFFD");
            assertThat(delivered.responseExcerpt().getBytes(StandardCharsets.UTF_8).length)
                    .isLessThanOrEqualTo(LOCAL.storedExcerptBytes())
                    .isGreaterThan(LOCAL.storedExcerptBytes() - 4);
            assertThat(delivered.startedAt()).isBeforeOrEqualTo(delivered.firstByteAt());
            assertThat(delivered.firstByteAt()).isBeforeOrEqualTo(delivered.finishedAt());
            assertThat(delivered.latency()).isPositive();
        });
    }

    @Test
    void sendsEveryCallbackHeaderWithTheTimestampOfThisAttemptFromTheClock() {
        dispatcher.close();
        dispatcher = new WebhookDispatcher(LOCAL, Clock.fixed(now, ZoneOffset.UTC));

        dispatch(aRequestTo(receiver.url("/ok")).attempt(3).build());

        TestReceiver.Recorded request = receiver.onlyRequest();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.uri()).isEqualTo("/ok");
        assertThat(request.header("webhook-id")).isEqualTo(RequestBuilder.RUN_ID);
        assertThat(request.header("webhook-timestamp")).isEqualTo(Long.toString(now.getEpochSecond()));
        assertThat(request.header("webhook-signature")).startsWith("v1,");
        assertThat(request.header("chronohook-job-id")).isEqualTo(RequestBuilder.JOB_ID);
        assertThat(request.header("chronohook-attempt")).isEqualTo("3");
        assertThat(request.header("chronohook-scheduled-for")).isEqualTo("2026-11-22T10:00:00Z");
        assertThat(request.header("chronohook-run-token")).isEqualTo("rt_secret_token");
        assertThat(request.header("traceparent")).isEqualTo(RequestBuilder.TRACEPARENT);
        assertThat(request.header("content-type")).isEqualTo("application/json");
        assertThat(request.header("user-agent")).isEqualTo("Chronohook/1");
        assertThat(request.body()).isEqualTo(aRequestTo("http://x").build().body());
        assertThat(request.header("content-length")).isEqualTo(Integer.toString(request.body().length));
    }

    @Test
    void optionalHeadersAreOmittedAndTheJobsContentTypeIsUsed() {
        dispatch(aRequestTo(receiver.url("/ok")).withoutRunTokenOrTrace().withContentType("text/plain").build());

        TestReceiver.Recorded request = receiver.onlyRequest();
        assertThat(request.headers().contains("chronohook-run-token")).isFalse();
        assertThat(request.headers().contains("traceparent")).isFalse();
        assertThat(request.header("content-type")).isEqualTo("text/plain");
    }

    @Test
    void duringASecretRotationTheSignatureVerifiesWithEitherSecretInTheStandardWebhooksLibrary() throws Exception {
        SigningSecret current = SigningSecret.generate(new SecureRandom());
        SigningSecret previous = SigningSecret.generate(new SecureRandom());

        dispatch(aRequestTo(receiver.url("/ok")).signedWith(current, previous).build());

        TestReceiver.Recorded request = receiver.onlyRequest();
        String payload = new String(request.body(), StandardCharsets.UTF_8);
        Map<String, List<String>> headers = Map.of(
                "webhook-id", List.of(request.header("webhook-id")),
                "webhook-timestamp", List.of(request.header("webhook-timestamp")),
                "webhook-signature", List.of(request.header("webhook-signature")));
        assertThat(request.header("webhook-signature").split(" ")).hasSize(2);
        new Webhook(current.encoded()).verify(payload, headers);
        new Webhook(previous.encoded()).verify(payload, headers);
    }

    @Test
    void theJobsHeadersAreSentButReservedOnesAreDropped() {
        dispatch(aRequestTo(receiver.url("/ok"))
                .withHeader("X-Tenant-Key", "k-123")
                .withHeader("Authorization", "Bearer abc")
                .withHeader("Webhook-Id", "forged")
                .withHeader("webhook-signature", "v1,forged")
                .withHeader("Content-Type", "text/evil")
                .withHeader("Host", "evil.example")
                .withHeader("Transfer-Encoding", "chunked")
                .withHeader("Content-Length", "1")
                .withHeader("Connection", "close")
                .withHeader("Proxy-Authorization", "Basic eA==")
                .withHeader("Expect", "100-continue")
                .withHeader("User-Agent", "curl/8")
                .build());

        TestReceiver.Recorded request = receiver.onlyRequest();
        assertThat(request.header("x-tenant-key")).isEqualTo("k-123");
        assertThat(request.header("authorization")).isEqualTo("Bearer abc");
        assertThat(request.headers().getAll("webhook-id")).containsExactly(RequestBuilder.RUN_ID);
        assertThat(request.headers().getAll("webhook-signature")).noneMatch(value -> value.contains("forged"));
        assertThat(request.headers().getAll("content-type")).containsExactly("application/json");
        assertThat(request.header("host")).isEqualTo("127.0.0.1:" + receiver.port());
        assertThat(request.headers().contains("transfer-encoding")).isFalse();
        assertThat(request.header("content-length")).isEqualTo(Integer.toString(request.body().length));
        assertThat(request.headers().contains("proxy-authorization")).isFalse();
        assertThat(request.headers().contains("expect")).isFalse();
        assertThat(request.header("user-agent")).isEqualTo("Chronohook/1");
    }

    @Test
    void aGetWithoutBodySendsNoBodyAndStillVerifies() throws Exception {
        SigningSecret secret = SigningSecret.generate(new SecureRandom());

        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/ok?day=monday"))
                .withMethod("GET").withBody(new byte[0]).signedWith(secret).build());

        assertThat(outcome).isInstanceOf(Delivered.class);
        TestReceiver.Recorded request = receiver.onlyRequest();
        assertThat(request.method()).isEqualTo("GET");
        assertThat(request.uri()).isEqualTo("/ok?day=monday");
        assertThat(request.body()).isEmpty();
        new Webhook(secret.encoded()).verify("", Map.of(
                "webhook-id", List.of(request.header("webhook-id")),
                "webhook-timestamp", List.of(request.header("webhook-timestamp")),
                "webhook-signature", List.of(request.header("webhook-signature"))));
    }

    @Test
    void aServerErrorIsARetryableRejection() {
        assertThat(dispatch(aRequestTo(receiver.url("/error")).build())).isInstanceOfSatisfying(Rejected.class, r -> {
            assertThat(r.status()).isEqualTo(500);
            assertThat(r.retryable()).isTrue();
            assertThat(r.noRetry()).isFalse();
            assertThat(r.responseExcerpt()).isEqualTo("boom");
        });
    }

    @Test
    void aReceiverSayingNoRetryTurnsA503IntoAFinalRejection() {
        assertThat(dispatch(aRequestTo(receiver.url("/stop")).build())).isInstanceOfSatisfying(Rejected.class, r -> {
            assertThat(r.status()).isEqualTo(503);
            assertThat(r.retryable()).isFalse();
            assertThat(r.noRetry()).isTrue();
        });
    }

    @Test
    void tooManyRequestsCarriesTheRetryAfterDelay() {
        assertThat(dispatch(aRequestTo(receiver.url("/slow-down")).build())).isInstanceOfSatisfying(Rejected.class, r -> {
            assertThat(r.status()).isEqualTo(429);
            assertThat(r.retryable()).isTrue();
            assertThat(r.retryAfter()).isEqualTo(Duration.ofSeconds(3));
        });
    }

    @Test
    void goneIsAFinalRejection() {
        assertThat(dispatch(aRequestTo(receiver.url("/gone")).build())).isInstanceOfSatisfying(Rejected.class, r -> {
            assertThat(r.gone()).isTrue();
            assertThat(r.retryable()).isFalse();
        });
    }

    @Test
    void aRedirectIsAFinalRejectionAndIsNotFollowed() {
        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/moved")).build());

        assertThat(outcome).isInstanceOfSatisfying(Rejected.class, r -> {
            assertThat(r.status()).isEqualTo(302);
            assertThat(r.retryable()).isFalse();
        });
        assertThat(receiver.requests()).extracting(TestReceiver.Recorded::uri).containsExactly("/moved");
    }

    @Test
    void aReceiverThatNeverAnswersFailsWithATimeoutWithinTheDeadline() {
        long start = System.nanoTime();

        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/hang")).withTimeout(Duration.ofMillis(500)).build());

        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        assertThat(outcome).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.errorClass()).isEqualTo("timeout");
            assertThat(failed.mayHaveReachedReceiver()).isTrue();
        });
        assertThat(elapsed).isBetween(Duration.ofMillis(450), Duration.ofMillis(1500));
        assertThat(receiver.requests()).hasSize(1);
    }

    @Test
    void anAttemptStillWaitingForAConnectionAtItsDeadlineFailsWithATimeoutThatNothingReached() {
        dispatcher.close();
        dispatcher = new WebhookDispatcher(LOCAL.withMaxConnectionsPerHost(1), Clock.systemUTC());
        // The host's only connection is held by a request the receiver never answers.
        dispatcher.dispatch(aRequestTo(receiver.url("/hang")).withTimeout(Duration.ofSeconds(5)).build()).subscribe();
        long start = System.nanoTime();

        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/ok")).withTimeout(Duration.ofMillis(500)).build());

        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        assertThat(outcome).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.errorClass()).isEqualTo("timeout");
            assertThat(failed.mayHaveReachedReceiver()).isFalse();
            assertThat(failed.message()).contains("before the request was sent");
        });
        assertThat(elapsed).isBetween(Duration.ofMillis(450), Duration.ofMillis(1500));
        assertThat(receiver.requests()).extracting(TestReceiver.Recorded::uri).doesNotContain("/ok");
    }

    @Test
    void aClosedPortFailsAsConnectionRefusedThatCannotHaveReachedTheReceiver() throws Exception {
        DeliveryOutcome outcome = dispatch(aRequestTo("http://127.0.0.1:" + TestReceiver.closedPort() + "/").build());

        assertThat(outcome).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.errorClass()).isEqualTo("connect_refused");
            assertThat(failed.mayHaveReachedReceiver()).isFalse();
            assertThat(failed.latency()).isLessThan(Duration.ofSeconds(5));
        });
    }

    @Test
    void anHttpsUrlToAServerWithoutTlsFailsInTheHandshakeBeforeAnythingIsSent() {
        DeliveryOutcome outcome = dispatch(aRequestTo("https://127.0.0.1:" + receiver.port() + "/ok").build());

        assertThat(outcome).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.errorClass()).as(failed.message()).isEqualTo("tls");
            assertThat(failed.mayHaveReachedReceiver()).isFalse();
        });
        assertThat(receiver.requests()).noneMatch(request -> request.uri().equals("/ok"));
    }

    @Test
    void aHugeResponseIsReadOnlyUpToTheLimitAndItsConnectionIsDropped() throws Exception {
        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/huge")).withTimeout(Duration.ofSeconds(20)).build());

        assertThat(outcome).isInstanceOfSatisfying(Delivered.class, delivered ->
                assertThat(delivered.responseExcerpt().getBytes(StandardCharsets.UTF_8).length)
                        .isLessThanOrEqualTo(LOCAL.storedExcerptBytes()));
        // The receiver paces 640 chunks of 16 KiB; once the dispatcher has read its 64 KiB it closes the
        // connection, and the receiver's stream ends long before the 10 MiB are out.
        assertThat(receiver.awaitHugeStreamEnd(Duration.ofSeconds(10))).isTrue();
        assertThat(receiver.hugeChunksProduced()).isLessThan(TestReceiver.HUGE_CHUNKS / 4);
        // The dropped connection is not reused: the next attempt opens a new one.
        assertThat(dispatch(aRequestTo(receiver.url("/small")).build())).isInstanceOf(Delivered.class);
        assertThat(receiver.connections()).isEqualTo(2);
    }

    @Test
    void sequentialAttemptsReuseKeepAliveConnections() {
        for (int i = 0; i < 50; i++) {
            assertThat(dispatch(aRequestTo(receiver.url("/small")).attempt(i + 1).build())).isInstanceOf(Delivered.class);
        }

        assertThat(receiver.requests()).hasSize(50);
        assertThat(receiver.connections()).isBetween(1, 2);
    }

    @Test
    void aHeaderValueWithALineBreakFailsTheAttemptBeforeAnythingIsSent() {
        DeliveryOutcome outcome = dispatch(aRequestTo(receiver.url("/ok"))
                .withHeader("X-Injected", "a\r\nX-Evil: 1").build());

        assertThat(outcome).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.errorClass()).isEqualTo("request_invalid");
            assertThat(failed.mayHaveReachedReceiver()).isFalse();
        });
        assertThat(receiver.requests()).isEmpty();
    }

    private DeliveryOutcome dispatch(DeliveryRequest request) {
        DeliveryOutcome[] result = new DeliveryOutcome[1];
        StepVerifier.create(dispatcher.dispatch(request))
                .consumeNextWith(outcome -> result[0] = outcome)
                .expectComplete()
                .verify(Duration.ofSeconds(30));
        return result[0];
    }
}
