package io.chronohook.platform;

import io.chronohook.support.ApiTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** Every error the edge can produce is an RFC 9457 problem with a stable code. */
class ProblemDetailsTest extends ApiTest {

    @Test
    void malformedJsonIs400() {
        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"tenantName\": ")
                .exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("malformed_json")
                .jsonPath("$.type").isEqualTo("urn:problem:chronohook:malformed_json")
                .jsonPath("$.title").isEqualTo("Bad Request")
                .jsonPath("$.status").isEqualTo(400)
                .jsonPath("$.instance").isEqualTo("/api/v1/signup");
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed() {
        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"tenantName\": \"Acme\", \"email\": {\"a\": 1}, \"password\": \"long enough pass\"}")
                .exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("invalid_request")
                .jsonPath("$.errors[0].field").isEqualTo("email");
    }

    @Test
    void aMissingBodyIs400() {
        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("missing_body");
    }

    @Test
    void validationListsEveryInvalidField() {
        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", " ", "email", "not-an-email", "password", "short"))
                .exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("invalid_request")
                .jsonPath("$.errors.length()").isEqualTo(3)
                .jsonPath("$.errors[0].field").isEqualTo("tenantName")
                .jsonPath("$.errors[1].field").isEqualTo("email")
                .jsonPath("$.errors[1].message").isEqualTo("is not an email address")
                .jsonPath("$.errors[2].field").isEqualTo("password");
    }

    @Test
    void aPasswordBcryptWouldCutIsRefused() {
        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Acme", "email", "long@example.com", "password", "é".repeat(40)))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody()
                .jsonPath("$.errors[0].field").isEqualTo("password")
                .jsonPath("$.errors[0].message").isEqualTo("must be at most 72 bytes long");
    }

    @Test
    void aTakenEmailIs409AndChangesNothing() {
        TestTenant tenant = signUp();

        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Copycat", "email", tenant.email().toUpperCase(), "password", PASSWORD))
                .exchange()
                .expectStatus().isEqualTo(409)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("email_taken");
        // The original owner still signs in to the original tenant.
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + accessToken(tenant))
                .exchange()
                .expectStatus().isOk();
    }

    @Test
    void anUnsupportedMediaTypeIs415() {
        http.post().uri("/api/v1/signup").contentType(MediaType.TEXT_PLAIN).bodyValue("hello")
                .exchange()
                .expectStatus().isEqualTo(415)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("unsupported_media_type");
    }

    @Test
    void anUnsupportedMethodIs405WithAllow() {
        TestTenant tenant = signUp();

        http.put().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectHeader().valueMatches("Allow", ".*GET.*")
                .expectBody().jsonPath("$.code").isEqualTo("method_not_allowed");
    }

    @Test
    void anUnknownPathIs404() {
        TestTenant tenant = signUp();

        http.get().uri("/api/v1/no-such-thing").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("not_found");
        http.delete().uri("/api/v1/api-keys/not-an-id").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @Test
    void aQueryParameterOfTheWrongTypeIsNamed() {
        TestTenant tenant = signUp();

        http.get().uri("/api/v1/audit?limit=many").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("invalid_request")
                .jsonPath("$.errors[0].field").isEqualTo("limit");
    }
}
