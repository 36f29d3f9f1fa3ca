package io.chronohook.e2e.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FrontendProcess;
import io.chronohook.e2e.support.Receiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard never shows one tenant another tenant's data: every page for another tenant's job, run or key
 * answers 404, exactly like an id that does not exist, while the owner sees the same pages.
 */
class DashboardIsolationE2ETest {

    private static final String PASSWORD = "a long passphrase";
    private static final String CSRF = "isolation-test-csrf";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void anotherTenantsJobRunAndKeyPagesAnswerNotFound() throws Exception {
        try (Receiver receiver = new Receiver();
             BackendProcess backend = BackendProcess.start(Map.of());
             FrontendProcess dashboard = FrontendProcess.start(backend.uri(""))) {
            String ownerEmail = "owner-" + UUID.randomUUID() + "@example.com";
            String strangerEmail = "stranger-" + UUID.randomUUID() + "@example.com";
            ApiClient owner = new ApiClient(backend.uri("/"));
            owner.signUp(ownerEmail, PASSWORD);
            new ApiClient(backend.uri("/")).signUp(strangerEmail, PASSWORD);
            String ownerSession = owner.accessToken(ownerEmail, PASSWORD);
            String strangerSession = owner.accessToken(strangerEmail, PASSWORD);

            String jobId = owner.send("POST", "/api/v1/jobs", "{\"name\":\"private-job\",\"schedule\":{\"type\":\"now\"},"
                    + "\"target\":{\"url\":\"" + receiver.url("/private") + "\"}}", 201).get("id").asString();
            String runId = firstRun(owner, jobId);
            String yearlyJobId = owner.send("POST", "/api/v1/jobs", "{\"name\":\"yearly-job\",\"schedule\":{\"type\":"
                    + "\"cron\",\"cron\":\"0 0 1 1 *\"},\"target\":{\"url\":\"" + receiver.url("/yearly") + "\"}}", 201)
                    .get("id").asString();
            String keyId = owner.send("POST", "/api/v1/api-keys", "{\"name\":\"private-key\",\"scopes\":[\"jobs:read\"]}",
                    201).get("id").asString();

            for (String path : new String[] {"/jobs/" + jobId, "/jobs/" + jobId + "/edit", "/runs/" + runId}) {
                HttpResponse<String> mine = get(dashboard.uri(path), ownerSession);
                HttpResponse<String> theirs = get(dashboard.uri(path), strangerSession);
                HttpResponse<String> nobodys = get(dashboard.uri(path.replaceAll("[0-9a-f]{32}", "0".repeat(32))),
                        strangerSession);

                assertThat(mine.statusCode()).as("the owner's " + path).isEqualTo(200);
                assertThat(mine.body()).contains(path.startsWith("/runs") ? runId : "private-job");
                assertThat(theirs.statusCode()).as("a stranger's " + path).isEqualTo(404);
                assertThat(theirs.body()).contains("Not found").doesNotContain("private-job").doesNotContain(receiver.url(""));
                assertThat(nobodys.statusCode()).isEqualTo(404);
            }

            HttpResponse<String> revoke = post(dashboard.uri("/api-keys/" + keyId + "/revoke"), strangerSession);
            assertThat(revoke.statusCode()).isEqualTo(404);
            assertThat(owner.send("GET", "/api/v1/api-keys", null, 200).toString()).contains(keyId);
            HttpResponse<String> strangersKeys = get(dashboard.uri("/api-keys"), strangerSession);
            assertThat(strangersKeys.statusCode()).isEqualTo(200);
            assertThat(strangersKeys.body()).doesNotContain("private-key");
            HttpResponse<String> strangersJobs = get(dashboard.uri("/jobs"), strangerSession);
            assertThat(strangersJobs.statusCode()).isEqualTo(200);
            assertThat(strangersJobs.body()).doesNotContain("private-job");

            HttpResponse<String> cancel = post(dashboard.uri("/runs/" + runId + "/cancel"), strangerSession);
            HttpResponse<String> pause = post(dashboard.uri("/jobs/" + yearlyJobId + "/pause"), strangerSession);
            assertThat(cancel.statusCode()).isEqualTo(404);
            assertThat(pause.statusCode()).isEqualTo(404);
            assertThat(owner.send("GET", "/api/v1/jobs/" + yearlyJobId, null, 200).get("state").asString())
                    .isEqualTo("active");
            assertThat(owner.send("GET", "/api/v1/runs/" + runId, null, 200).get("state").asString())
                    .isNotEqualTo("cancelled");
        }
    }

    private static String firstRun(ApiClient owner, String jobId) throws Exception {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            JsonNode runs = owner.send("GET", "/api/v1/jobs/" + jobId + "/runs", null, 200).get("items");
            if (!runs.isEmpty()) {
                return runs.get(0).get("id").asString();
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("no run of " + jobId + " within 30 s");
    }

    private HttpResponse<String> get(URI uri, String session) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).header("Cookie", "chronohook_session=" + session).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(URI uri, String session) throws Exception {
        return http.send(HttpRequest.newBuilder(uri)
                        .header("Cookie", "chronohook_session=" + session + "; chronohook_csrf=" + CSRF)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("_csrf=" + CSRF)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
