package io.chronohook.e2e.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A tenant's program talking to the public API over HTTP, as a customer's would. */
public final class ApiClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private String apiKey;

    public ApiClient(URI base) {
        this.base = base;
    }

    /** Signs up a fresh tenant and keeps its API key; returns the sign-up answer. */
    public JsonNode signUp() throws IOException, InterruptedException {
        return signUp("e2e-" + UUID.randomUUID() + "@example.com", "a long passphrase");
    }

    /** Signs up a tenant whose owner has this email and password, and keeps its API key. */
    public JsonNode signUp(String email, String password) throws IOException, InterruptedException {
        JsonNode account = send("POST", "/api/v1/signup", "{\"tenantName\":\"E2E\",\"email\":\"" + email
                + "\",\"password\":\"" + password + "\"}", 201);
        apiKey = account.get("apiKey").asString();
        return account;
    }

    /** A member's access token, as the dashboard gets it at sign-in. */
    public String accessToken(String email, String password) throws IOException, InterruptedException {
        return send("POST", "/api/v1/auth/token", "{\"email\":\"" + email + "\",\"password\":\"" + password
                + "\"}", 200).get("accessToken").asString();
    }

    /** A client of the installation at {@code base} using {@code apiKey} as its credential. */
    public static ApiClient withKey(URI base, String apiKey) {
        ApiClient client = new ApiClient(base);
        client.apiKey = apiKey;
        return client;
    }

    /** The status code a call answers, whatever it is (for checks that a credential is refused). */
    public int status(String method, String path) throws IOException, InterruptedException {
        return http.send(request(method, path, null), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** The operator of the installation at {@code base} (its operator token as the credential). */
    public static ApiClient operator(URI base) {
        return withKey(base, TestEnvironment.OPERATOR_TOKEN);
    }

    /** A client of another instance of the same installation, with this client's API key. */
    public ApiClient sharingKeyWith(URI otherBase) {
        ApiClient other = new ApiClient(otherBase);
        other.apiKey = apiKey;
        return other;
    }

    public JsonNode send(String method, String path, String json, int expectedStatus)
            throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request(method, path, json), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expectedStatus) {
            throw new IllegalStateException(method + " " + path + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body().isEmpty() ? null : JSON.readTree(response.body());
    }

    /** GETs a text resource (e.g. the Prometheus page); fails unless it answers 200. */
    public String text(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request("GET", path, null), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " answered " + response.statusCode());
        }
        return response.body();
    }

    /** Creates many jobs with at most {@code parallelism} requests in flight; fails on the first refusal. */
    public List<String> createAll(List<String> jobs, int parallelism) throws InterruptedException {
        Semaphore permits = new Semaphore(parallelism);
        List<CompletableFuture<String>> futures = new ArrayList<>();
        for (String job : jobs) {
            permits.acquire();
            futures.add(http.sendAsync(request("POST", "/api/v1/jobs", job), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> permits.release())
                    .thenApply(response -> {
                        if (response.statusCode() != 201) {
                            throw new IllegalStateException("create answered " + response.statusCode() + ": "
                                    + response.body());
                        }
                        return JSON.readTree(response.body()).get("id").asString();
                    }));
        }
        return futures.stream().map(CompletableFuture::join).toList();
    }

    /** Creates jobs through the batch endpoint, {@code batchSize} per call, {@code parallelism} calls at a time. */
    public void createInBatches(List<String> jobs, int batchSize, int parallelism) throws InterruptedException {
        Semaphore permits = new Semaphore(parallelism);
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        for (int from = 0; from < jobs.size(); from += batchSize) {
            String body = "{\"jobs\":[" + String.join(",", jobs.subList(from, Math.min(jobs.size(), from + batchSize)))
                    + "]}";
            permits.acquire();
            futures.add(http.sendAsync(request("POST", "/api/v1/jobs/batch", body), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> permits.release())
                    .thenAccept(response -> {
                        if (response.statusCode() != 201) {
                            throw new IllegalStateException("batch create answered " + response.statusCode() + ": "
                                    + response.body());
                        }
                    }));
        }
        futures.forEach(CompletableFuture::join);
    }

    private HttpRequest request(String method, String path, String json) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            builder.header("Content-Type", "application/json");
        }
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        return builder.build();
    }

    /** A cron job (UTC; five fields, or six with seconds first) calling {@code url}. */
    public static String cron(String name, String cron, String url) {
        return "{\"name\":\"" + name + "\",\"schedule\":{\"type\":\"cron\",\"cron\":\"" + cron + "\"},"
                + "\"target\":{\"url\":\"" + url + "\"}}";
    }

    /** A one-shot job firing at {@code at} into {@code url}. */
    public static String oneShot(String name, java.time.Instant at, String url) {
        return "{\"name\":\"" + name + "\",\"schedule\":{\"type\":\"at\",\"at\":\"" + at + "\"},"
                + "\"target\":{\"url\":\"" + url + "\"}}";
    }
}
