package io.chronohook.dispatch.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.standardwebhooks.Webhook;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookSignerTest {

    private final WebhookSigner signer = new WebhookSigner();

    @Test
    void matchesTheStandardWebhooksKnownAnswer() {
        // The reference vector published with the Standard Webhooks specification.
        SigningSecret secret = SigningSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        String header = signer.signatureHeader("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L,
                "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8), List.of(secret));

        assertThat(header).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void signatureVerifiesWithTheStandardWebhooksLibrary() throws Exception {
        SigningSecret secret = SigningSecret.generate(new SecureRandom());
        String body = "{\"report\":\"daily\"}";
        long now = Instant.now().getEpochSecond();
        String header = signer.signatureHeader("run_0190", now, body.getBytes(StandardCharsets.UTF_8), List.of(secret));

        new Webhook(secret.encoded()).verify(body, headers("run_0190", now, header));
    }

    @Test
    void duringRotationEachSecretVerifiesOnItsOwn() throws Exception {
        SigningSecret current = SigningSecret.generate(new SecureRandom());
        SigningSecret previous = SigningSecret.generate(new SecureRandom());
        long now = Instant.now().getEpochSecond();
        String header = signer.signatureHeader("run_1", now, new byte[0], List.of(current, previous));

        assertThat(header.split(" ")).hasSize(2).allMatch(part -> part.startsWith("v1,"));
        new Webhook(current.encoded()).verify("", headers("run_1", now, header));
        new Webhook(previous.encoded()).verify("", headers("run_1", now, header));
    }

    @Test
    void aSignatureForAnotherBodyDoesNotVerify() {
        SigningSecret secret = SigningSecret.generate(new SecureRandom());
        long now = Instant.now().getEpochSecond();
        String header = signer.signatureHeader("run_2", now, "a".getBytes(StandardCharsets.UTF_8), List.of(secret));

        assertThatThrownBy(() -> new Webhook(secret.encoded()).verify("b", headers("run_2", now, header)))
                .isInstanceOf(Exception.class);
    }

    @Test
    void generatedSecretsRoundTripThroughTheirEncodedForm() {
        SigningSecret secret = SigningSecret.generate(new SecureRandom());

        assertThat(secret.encoded()).startsWith("whsec_");
        assertThat(SigningSecret.parse(secret.encoded())).isEqualTo(secret);
        assertThat(secret.toString()).doesNotContain(secret.encoded().substring(6));
    }

    @Test
    void refusesSecretsThatAreNotBase64OrTooShort() {
        assertThatThrownBy(() -> SigningSecret.parse("whsec_%%%")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SigningSecret.parse("whsec_AAAA")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> signer.signatureHeader("id", 1, new byte[0], List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Map<String, List<String>> headers(String id, long timestamp, String signature) {
        return Map.of(
                "webhook-id", List.of(id),
                "webhook-timestamp", List.of(Long.toString(timestamp)),
                "webhook-signature", List.of(signature));
    }
}
