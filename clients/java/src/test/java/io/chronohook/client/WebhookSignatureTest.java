package io.chronohook.client;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.standardwebhooks.Webhook;
import io.chronohook.client.WebhookSignatureException.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class WebhookSignatureTest {

    // The test vector the Standard Webhooks specification publishes.
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330;
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    private final WebhookSignature atSendTime = at(TIMESTAMP);

    @Test
    void acceptsTheSpecificationsTestVector() {
        assertDoesNotThrow(() -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP, SIGNATURE), BODY));
        assertEquals(SIGNATURE, WebhookSignature.sign(SECRET, ID, TIMESTAMP, BODY));
    }

    @Test
    void acceptsTheExampleOfTheReceivingGuide() {
        // docs/webhook-signing.md: a callback as Chronohook sends it.
        byte[] body = "{\"report\":\"nightly\"}".getBytes(StandardCharsets.UTF_8);
        assertDoesNotThrow(() -> at(1795341600).verify(SECRET, headers("run_01JDQ6M2X5G7Z9W3K4N8P0R2T6", 1795341600,
                "v1,KBpTVE1tG+tyGmUH4S0lemWkd4r7tVXCqBwximrG8zk="), body));
    }

    @Test
    void refusesATamperedBody() {
        byte[] tampered = "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8);
        assertRefused(Reason.NO_MATCHING_SIGNATURE,
                () -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP, SIGNATURE), tampered));
    }

    @Test
    void refusesAnotherIdOrTimestampWithTheSameSignature() {
        assertRefused(Reason.NO_MATCHING_SIGNATURE,
                () -> atSendTime.verify(SECRET, headers("msg_other", TIMESTAMP, SIGNATURE), BODY));
        assertRefused(Reason.NO_MATCHING_SIGNATURE,
                () -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP + 1, SIGNATURE), BODY));
    }

    @Test
    void refusesAnotherSecret() {
        String other = "whsec_" + Base64.getEncoder().encodeToString(new byte[24]);
        assertRefused(Reason.NO_MATCHING_SIGNATURE,
                () -> atSendTime.verify(other, headers(ID, TIMESTAMP, SIGNATURE), BODY));
    }

    @Test
    void acceptsTimestampsUpToFiveMinutesAwayEitherWay() {
        Map<String, String> headers = headers(ID, TIMESTAMP, SIGNATURE);
        assertDoesNotThrow(() -> at(TIMESTAMP + 300).verify(SECRET, headers, BODY));
        assertDoesNotThrow(() -> at(TIMESTAMP - 300).verify(SECRET, headers, BODY));
        assertRefused(Reason.TIMESTAMP_OUT_OF_TOLERANCE, () -> at(TIMESTAMP + 301).verify(SECRET, headers, BODY));
        assertRefused(Reason.TIMESTAMP_OUT_OF_TOLERANCE, () -> at(TIMESTAMP - 301).verify(SECRET, headers, BODY));
    }

    @Test
    void refusesTimestampsFarFromAnyClock() {
        for (long far : new long[] {Long.MIN_VALUE, TIMESTAMP + Long.MIN_VALUE, Long.MAX_VALUE}) {
            String signature = WebhookSignature.sign(SECRET, ID, far, BODY);
            assertRefused(Reason.TIMESTAMP_OUT_OF_TOLERANCE,
                    () -> atSendTime.verify(SECRET, headers(ID, far, signature), BODY));
        }
    }

    @Test
    void refusesAStaleCallbackEvenWithAValidSignature() {
        assertRefused(Reason.TIMESTAMP_OUT_OF_TOLERANCE,
                () -> at(TIMESTAMP + 3600).verify(SECRET, headers(ID, TIMESTAMP, SIGNATURE), BODY));
    }

    @Test
    void acceptsAnyOfSeveralSignatures() {
        // During a secret rotation a callback carries a signature for each secret still in use.
        String old = WebhookSignature.sign("whsec_" + Base64.getEncoder().encodeToString(new byte[32]), ID,
                TIMESTAMP, BODY);
        assertDoesNotThrow(() -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP, old + " " + SIGNATURE), BODY));
        assertDoesNotThrow(() -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP, SIGNATURE + " " + old), BODY));
        assertRefused(Reason.NO_MATCHING_SIGNATURE,
                () -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP, old + " " + old), BODY));
    }

    @Test
    void ignoresEntriesOfOtherVersionsAndMalformedOnes() {
        String base64 = SIGNATURE.substring("v1,".length());
        assertRefused(Reason.NO_MATCHING_SIGNATURE,
                () -> atSendTime.verify(SECRET, headers(ID, TIMESTAMP, "v2," + base64), BODY));
        assertDoesNotThrow(() -> atSendTime.verify(SECRET,
                headers(ID, TIMESTAMP, "v1a,xyz v1,not*base64 v2," + base64 + " " + SIGNATURE), BODY));
    }

    @Test
    void readsHeaderNamesInAnyCase() {
        Map<String, String> headers = Map.of("Webhook-Id", ID, "WEBHOOK-TIMESTAMP", Long.toString(TIMESTAMP),
                "webhook-Signature", SIGNATURE, "Content-Type", "application/json");
        assertDoesNotThrow(() -> atSendTime.verify(SECRET, headers, BODY));
    }

    @Test
    void acceptsTheSecretWithoutItsPrefix() {
        assertDoesNotThrow(() -> atSendTime.verify(SECRET.substring("whsec_".length()),
                headers(ID, TIMESTAMP, SIGNATURE), BODY));
    }

    @Test
    void refusesAMissingHeaderOrAMalformedTimestamp() {
        assertRefused(Reason.MISSING_HEADER, () -> atSendTime.verify(SECRET,
                Map.of("webhook-id", ID, "webhook-timestamp", Long.toString(TIMESTAMP)), BODY));
        assertRefused(Reason.MISSING_HEADER, () -> atSendTime.verify(SECRET,
                Map.of("webhook-timestamp", Long.toString(TIMESTAMP), "webhook-signature", SIGNATURE), BODY));
        assertRefused(Reason.INVALID_TIMESTAMP, () -> atSendTime.verify(SECRET,
                Map.of("webhook-id", ID, "webhook-timestamp", "2021-02-25T15:02:10Z", "webhook-signature", SIGNATURE),
                BODY));
    }

    @Test
    void refusesASecretThatIsNotBase64() {
        assertThrows(IllegalArgumentException.class,
                () -> atSendTime.verify("whsec_not base64!", headers(ID, TIMESTAMP, SIGNATURE), BODY));
    }

    @Test
    void agreesWithTheReferenceImplementation() throws Exception {
        byte[] body = "{\"run\":\"naïve ☃\"}".getBytes(StandardCharsets.UTF_8);
        long now = Instant.now().getEpochSecond();
        String signature = new Webhook(SECRET).sign("run_01", now, new String(body, StandardCharsets.UTF_8));
        assertEquals(signature, WebhookSignature.sign(SECRET, "run_01", now, body));
        assertDoesNotThrow(() -> new WebhookSignature().verify(SECRET, headers("run_01", now, signature), body));
    }

    private static WebhookSignature at(long epochSecond) {
        return new WebhookSignature(Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    private static Map<String, String> headers(String id, long timestamp, String signature) {
        return Map.of("webhook-id", id, "webhook-timestamp", Long.toString(timestamp), "webhook-signature", signature);
    }

    private static void assertRefused(Reason reason, Executable verification) {
        WebhookSignatureException refused = assertThrows(WebhookSignatureException.class, verification);
        assertEquals(reason, refused.reason(), refused.getMessage());
    }
}
