package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.observability.MeterNames;
import io.chronohook.support.ApiTest;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The unauthenticated calls cannot be used to burn the CPU or to guess passwords: sign-in attempts and sign-ups are
 * limited per client address, and an account locks after repeated failures, for longer each time — all before any
 * bcrypt round. The client address comes from X-Forwarded-For, which the test's loopback peer is trusted to send.
 */
@TestPropertySource(properties = {
        "chronohook.auth.limits.sign-ins-per-address-per-minute=10",
        "chronohook.auth.limits.sign-ups-per-address-per-hour=3",
        "chronohook.auth.limits.failures-before-lockout=5",
        "chronohook.auth.limits.first-lockout=PT2S",
        "chronohook.auth.limits.longest-lockout=PT8S"})
class SignInLimitsApiTest extends ApiTest {

    @Autowired
    private MeterRegistry meters;

    @Test
    void aBurstOfWrongPasswordsLocksTheAccountAfterFiveChecksAndTheRightOneWorksOnceTheLockEnds() {
        String email = newAccount();
        double checksBefore = passwordChecks();

        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            statuses.add(signIn(email, "wrong password " + i, randomAddress()).getStatus().value());
        }

        assertThat(statuses.subList(0, 5)).containsOnly(401);
        assertThat(statuses.subList(5, 50)).containsOnly(429);
        assertThat(passwordChecks() - checksBefore).isEqualTo(5);
        EntityExchangeResult<byte[]> locked = signIn(email, PASSWORD, randomAddress());
        assertThat(locked.getStatus().value()).as("the right password while locked").isEqualTo(429);
        assertThat(locked.getResponseHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(new String(locked.getResponseBodyContent())).contains("\"code\":\"too_many_attempts\"", "locked");
        assertThat(Long.parseLong(locked.getResponseHeaders().getFirst("Retry-After"))).isBetween(1L, 2L);

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(250))
                .until(() -> signIn(email, PASSWORD, randomAddress()).getStatus().value() == 200);
        assertThat(passwordChecks() - checksBefore).as("only the check that succeeded was added").isEqualTo(6);
    }

    @Test
    void eachFurtherFailureDoublesTheLockout() {
        String email = newAccount();
        for (int i = 0; i < 5; i++) {
            assertThat(signIn(email, "wrong", randomAddress()).getStatus().value()).isEqualTo(401);
        }
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(250))
                .until(() -> signIn(email, "wrong again", randomAddress()).getStatus().value() == 401);

        EntityExchangeResult<byte[]> locked = signIn(email, PASSWORD, randomAddress());
        assertThat(locked.getStatus().value()).isEqualTo(429);
        assertThat(Long.parseLong(locked.getResponseHeaders().getFirst("Retry-After"))).isBetween(3L, 4L);
    }

    @Test
    void anUnknownEmailCostsOnePasswordCheckAndAnswersLikeAWrongPassword() {
        String email = newAccount();
        double before = passwordChecks();

        EntityExchangeResult<byte[]> unknown = signIn("nobody-" + UUID.randomUUID() + "@example.com", PASSWORD,
                randomAddress());
        EntityExchangeResult<byte[]> wrong = signIn(email, "not the password", randomAddress());

        assertThat(unknown.getStatus().value()).isEqualTo(401);
        assertThat(new String(unknown.getResponseBodyContent())).isEqualTo(
                new String(wrong.getResponseBodyContent()));
        assertThat(passwordChecks() - before).isEqualTo(2);
    }

    @Test
    void anAddressIsLimitedWhateverEmailsItTriesAndOtherAddressesAreNot() {
        String address = randomAddress();
        for (int i = 0; i < 10; i++) {
            assertThat(signIn("guess-" + UUID.randomUUID() + "@example.com", "guess", address).getStatus().value())
                    .isEqualTo(401);
        }
        double before = passwordChecks();
        EntityExchangeResult<byte[]> limited = signIn("guess-" + UUID.randomUUID() + "@example.com", "guess", address);

        assertThat(limited.getStatus().value()).isEqualTo(429);
        assertThat(new String(limited.getResponseBodyContent())).contains("too many sign-in attempts from this address");
        assertThat(Long.parseLong(limited.getResponseHeaders().getFirst("Retry-After"))).isBetween(1L, 60L);
        assertThat(passwordChecks()).isEqualTo(before);
        assertThat(signIn("guess-" + UUID.randomUUID() + "@example.com", "guess", randomAddress()).getStatus().value())
                .isEqualTo(401);
    }

    @Test
    void signUpsAreLimitedPerAddress() {
        String address = randomAddress();
        for (int i = 0; i < 3; i++) {
            signUpFrom(address).expectStatus().isCreated();
        }
        signUpFrom(address).expectStatus().isEqualTo(429)
                .expectHeader().exists("Retry-After")
                .expectBody().jsonPath("$.code").isEqualTo("too_many_attempts");
        signUpFrom(randomAddress()).expectStatus().isCreated();
    }

    /** An account signed up from an address of its own (this class allows 3 sign-ups per address). */
    private String newAccount() {
        String email = "limited-" + UUID.randomUUID() + "@example.com";
        signUpFrom(randomAddress(), email).expectStatus().isCreated();
        return email;
    }

    private WebTestClient.ResponseSpec signUpFrom(String address) {
        return signUpFrom(address, "limited-" + UUID.randomUUID() + "@example.com");
    }

    private WebTestClient.ResponseSpec signUpFrom(String address, String email) {
        return http.post().uri("/api/v1/signup").header("X-Forwarded-For", address)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Limited", "email", email, "password", PASSWORD))
                .exchange();
    }

    private EntityExchangeResult<byte[]> signIn(String email, String password, String address) {
        return http.post().uri("/api/v1/auth/token").header("X-Forwarded-For", address)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", email, "password", password))
                .exchange().expectBody().returnResult();
    }

    private double passwordChecks() {
        return meters.counter(MeterNames.PASSWORD_CHECKS).count();
    }

    /** A documentation-range IPv6 address no other run of the test used: Redis keeps the windows between runs. */
    private static String randomAddress() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "2001:db8:" + Integer.toHexString(random.nextInt(0x10000)) + ":" + Integer.toHexString(random.nextInt(0x10000))
                + "::" + Integer.toHexString(random.nextInt(1, 0x10000));
    }
}
