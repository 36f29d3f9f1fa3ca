package io.chronohook.cli.listen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Standard Webhooks reference vector, and each way a callback's signature can fail to hold. */
class CallbackSignatureTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final String TIMESTAMP = "1614265330";
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    private static final Instant THEN = Instant.ofEpochSecond(1614265330);

    @Test
    void theReferenceVectorIsSignedAndVerified() {
        assertThat(CallbackSignature.sign(SECRET, ID, 1614265330, BODY)).isEqualTo(SIGNATURE);
        assertThat(CallbackSignature.problem(List.of(SECRET), ID, TIMESTAMP, SIGNATURE, BODY, THEN)).isNull();
    }

    @Test
    void anyOfSeveralSignaturesAndAnyOfSeveralSecretsWill() {
        String other = "whsec_" + java.util.Base64.getEncoder().encodeToString(new byte[24]);
        assertThat(CallbackSignature.problem(List.of(other, SECRET), ID, TIMESTAMP,
                "v1,bm90IGl0 " + SIGNATURE, BODY, THEN.plusSeconds(299))).isNull();
    }

    @Test
    void aChangedBodyAnotherSecretOrAnOldTimestampDoNot() {
        byte[] changed = "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8);
        assertThat(CallbackSignature.problem(List.of(SECRET), ID, TIMESTAMP, SIGNATURE, changed, THEN))
                .contains("no signature matches");
        String other = "whsec_" + java.util.Base64.getEncoder().encodeToString(new byte[24]);
        assertThat(CallbackSignature.problem(List.of(other), ID, TIMESTAMP, SIGNATURE, BODY, THEN))
                .contains("no signature matches");
        assertThat(CallbackSignature.problem(List.of(SECRET), ID, TIMESTAMP, SIGNATURE, BODY, THEN.plusSeconds(301)))
                .contains("more than 5 minutes");
        assertThat(CallbackSignature.problem(List.of(SECRET), ID, null, SIGNATURE, BODY, THEN)).contains("missing");
    }
}
