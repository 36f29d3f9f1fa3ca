package io.chronohook.e2e.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.BackendProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The newcomer's first minutes against the real jar: sign up, use the key, get refused with a wrong one. */
class AccountsFlowE2ETest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static BackendProcess backend;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        backend = BackendProcess.start(Map.of());
    }

    @AfterAll
    static void stop() throws Exception {
        backend.close();
    }

    @Test
    void signUpThenListKeysWithTheKeyThenAWrongKeyIsRefused() throws Exception {
        String email = "e2e-" + UUID.randomUUID() + "@example.com";
        HttpResponse<String> signup = post("/api/v1/signup",
                "{\"tenantName\":\"Acme\",\"email\":\"" + email + "\",\"password\":\"a long passphrase\"}", null);
        assertThat(signup.statusCode()).isEqualTo(201);
        JsonNode account = JSON.readTree(signup.body());
        String apiKey = account.get("apiKey").asString();

        HttpResponse<String> keys = get("/api/v1/api-keys", apiKey);
        assertThat(keys.statusCode()).isEqualTo(200);
        JsonNode items = JSON.readTree(keys.body()).get("items");
        assertThat(items.size()).isEqualTo(1);
        assertThat(items.get(0).get("prefix").asString()).isEqualTo(apiKey.substring(0, 12));

        HttpResponse<String> wrong = get("/api/v1/api-keys", "chk_" + "x".repeat(43));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(JSON.readTree(wrong.body()).get("code").asString()).isEqualTo("unauthorized");

        HttpResponse<String> token = post("/api/v1/auth/token",
                "{\"email\":\"" + email + "\",\"password\":\"a long passphrase\"}", null);
        assertThat(token.statusCode()).isEqualTo(200);
        String jwt = JSON.readTree(token.body()).get("accessToken").asString();
        assertThat(get("/api/v1/signing-secret", jwt).body()).contains(account.get("signingSecret").asString());
    }

    @Test
    void healthIsPublicAndListsPostgresAndRedis() throws Exception {
        HttpResponse<String> health = get("/actuator/health", null);

        JsonNode components = JSON.readTree(health.body()).get("components");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(components.get("r2dbc").get("status").asString()).isEqualTo("UP");
        assertThat(components.get("redis").get("status").asString()).isEqualTo("UP");
    }

    private HttpResponse<String> get(String path, String bearer) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).GET();
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String json, String bearer) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return backend.uri(path);
    }
}
