package io.chronohook.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class SigningSecretApiTest extends ApiTest {

    @Test
    void revealShowsTheSecretGivenAtSignUp() {
        TestTenant tenant = signUp();

        Map<?, ?> revealed = reveal(tenant.apiKey());

        assertThat(revealed.get("secret")).isEqualTo(tenant.signingSecret());
        assertThat((List<?>) revealed.get("previous")).isEmpty();
    }

    @Test
    void rotationKeepsTheOldSecretSigningForTheGracePeriod() {
        TestTenant tenant = signUp();
        Instant before = Instant.now();

        Map<?, ?> rotated = rotate(tenant.apiKey(), Map.of("gracePeriod", "PT2H"));

        assertThat(rotated.get("secret")).isNotEqualTo(tenant.signingSecret()).asString().startsWith("whsec_");
        List<?> previous = (List<?>) rotated.get("previous");
        assertThat(previous).hasSize(1);
        Map<?, ?> old = (Map<?, ?>) previous.getFirst();
        assertThat(old.get("secret")).isEqualTo(tenant.signingSecret());
        Instant expiresAt = Instant.parse((String) old.get("expiresAt"));
        assertThat(expiresAt).isBetween(before.plus(Duration.ofHours(2)).minusSeconds(5),
                Instant.now().plus(Duration.ofHours(2)).plusSeconds(5));
        assertThat(reveal(tenant.apiKey())).isEqualTo(rotated);
    }

    @Test
    void aZeroGracePeriodRetiresTheOldSecretAtOnceAndTheDefaultIsADay() {
        TestTenant tenant = signUp();

        Map<?, ?> immediate = rotate(tenant.apiKey(), Map.of("gracePeriod", "PT0S"));
        Map<?, ?> withDefault = rotate(tenant.apiKey(), Map.of());

        assertThat((List<?>) immediate.get("previous")).isEmpty();
        List<?> previous = (List<?>) withDefault.get("previous");
        assertThat(previous).hasSize(1);
        Instant expiresAt = Instant.parse((String) ((Map<?, ?>) previous.getFirst()).get("expiresAt"));
        assertThat(Duration.between(Instant.now(), expiresAt)).isBetween(Duration.ofHours(23), Duration.ofHours(24));
    }

    @Test
    void aBadGracePeriodNamesTheField() {
        TestTenant tenant = signUp();

        for (String bad : List.of("tomorrow", "P30D", "-PT1H")) {
            http.post().uri("/api/v1/signing-secret/rotate").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("gracePeriod", bad))
                    .exchange()
                    .expectStatus().isBadRequest()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody().jsonPath("$.errors[0].field").isEqualTo("gracePeriod");
        }
        assertThat(reveal(tenant.apiKey()).get("secret")).isEqualTo(tenant.signingSecret());
    }

    @Test
    void eachTenantSeesAndRotatesOnlyItsOwnSecret() {
        TestTenant a = signUp();
        TestTenant b = signUp();

        assertThat(reveal(b.apiKey()).get("secret")).isEqualTo(b.signingSecret()).isNotEqualTo(a.signingSecret());
        rotate(b.apiKey(), Map.of("gracePeriod", "PT0S"));

        assertThat(reveal(a.apiKey()).get("secret")).isEqualTo(a.signingSecret());
        assertThat((List<?>) reveal(a.apiKey()).get("previous")).isEmpty();
    }

    @Test
    void rotationIsAudited() {
        TestTenant tenant = signUp();
        rotate(tenant.apiKey(), Map.of("gracePeriod", "PT1H"));

        http.get().uri("/api/v1/audit").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.items[0].action").isEqualTo("signing_secret.rotated")
                .jsonPath("$.items[0].actor.type").isEqualTo("api_key")
                .jsonPath("$.items[0].details.gracePeriod").isEqualTo("PT1H")
                .jsonPath("$.items[1].action").isEqualTo("api_key.created")
                .jsonPath("$.items[2].action").isEqualTo("tenant.created")
                .jsonPath("$.items.length()").isEqualTo(3);
    }

    private Map<?, ?> reveal(String key) {
        return http.get().uri("/api/v1/signing-secret").header("Authorization", "Bearer " + key)
                .exchange()
                .expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();
    }

    private Map<?, ?> rotate(String key, Map<String, String> body) {
        return http.post().uri("/api/v1/signing-secret/rotate").header("Authorization", "Bearer " + key)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange()
                .expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();
    }
}
