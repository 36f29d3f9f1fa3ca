package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * A misspelled or unknown field is a 400 naming it on every body the API reads, whatever its depth; a malformed
 * {@code Authorization} header is a 401 problem document.
 */
class StrictInputTest extends ApiTest {

    private static final String JOB = """
            {"name": "strict", "schedule": {"type": "cron", "cron": "0 2 * * *", "timeZone": "UTC"},
             "target": {"url": "https://example.com/hook"}%s}""";

    @Test
    void aMisspelledTopLevelFieldOfANewJobIsNamed() {
        TestTenant tenant = signUp();
        unknownField(http.post().uri("/api/v1/jobs").header("authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(JOB.formatted(", \"timout\": \"PT5S\"")), "timout");
        http.get().uri("/api/v1/jobs").header("authorization", "Bearer " + tenant.apiKey()).exchange()
                .expectStatus().isOk().expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void aMisspelledNestedFieldIsNamedWithItsPath() {
        TestTenant tenant = signUp();
        unknownField(http.post().uri("/api/v1/jobs").header("authorization", "Bearer " + tenant.apiKey())
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(JOB.formatted(", \"retry\": {\"maxAtempts\": 3}")), "retry.maxAtempts");
    }

    @Test
    void aMergePatchWithAnUnknownFieldIsRefusedAndChangesNothing() {
        TestTenant tenant = signUp();
        String id = (String) http.post().uri("/api/v1/jobs").header("authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(JOB.formatted(""))
                .exchange().expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody().get("id");

        unknownField(http.patch().uri("/api/v1/jobs/" + id).header("authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": \"renamed\", \"target\": {\"urll\": \"https://example.com/other\"}}"),
                "target.urll");
        http.get().uri("/api/v1/jobs/" + id).header("authorization", "Bearer " + tenant.apiKey()).exchange()
                .expectStatus().isOk().expectBody().jsonPath("$.name").isEqualTo("strict")
                .jsonPath("$.version").isEqualTo(1);
    }

    @Test
    void unknownFieldsOfSignUpAndTokenCallsAreNamed() {
        unknownField(http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Acme", "email", "strict@example.com", "password", PASSWORD,
                        "plan", "unlimited")), "plan");
        TestTenant tenant = signUp();
        unknownField(http.post().uri("/api/v1/auth/token").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", tenant.email(), "password", PASSWORD, "remember", true)), "remember");
    }

    private static void unknownField(WebTestClient.RequestHeadersSpec<?> request, String field) {
        request.exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("unknown_field")
                .jsonPath("$.errors[0].field").isEqualTo(field)
                .jsonPath("$.errors[0].message").value(message ->
                        assertThat((String) message).startsWith("is not a field of this request; known fields: "))
                .jsonPath("$.detail").value(detail -> assertThat((String) detail).startsWith(field + " is not a field"));
    }

    @Test
    void malformedAuthorizationHeadersAre401ProblemDocuments() throws IOException {
        byte[][] values = {
                "Bearer \u00e9t\u00e9".getBytes(StandardCharsets.UTF_8),
                "\u20ac".getBytes(StandardCharsets.UTF_8),
                {(byte) 0xff, (byte) 0xfe},
                "Bearer".getBytes(StandardCharsets.US_ASCII),
                "Basic eHl6".getBytes(StandardCharsets.US_ASCII),
                "Bearer a b".getBytes(StandardCharsets.US_ASCII)};
        for (byte[] value : values) {
            for (String path : new String[] {"/api/v1/jobs", "/api/v1/operator/plans", "/actuator/prometheus"}) {
                String answer = rawGet(path, value);
                String what = path + " with " + new String(value, StandardCharsets.ISO_8859_1);
                assertThat(answer).as(what).startsWith("HTTP/1.1 401 ");
                assertThat(answer.toLowerCase()).as(what).contains("content-type: application/problem+json");
                assertThat(answer).as(what).contains("\"code\":\"unauthorized\"");
            }
        }
    }

    /** One GET over a plain socket, so the header's bytes reach the server exactly as given. */
    private String rawGet(String path, byte[] authorization) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: ")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(authorization);
            out.write("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            in.transferTo(answer);
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
