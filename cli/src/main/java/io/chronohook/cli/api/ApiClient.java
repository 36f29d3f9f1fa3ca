package io.chronohook.cli.api;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST API of one installation, called with one API key ({@code Authorization: Bearer}). Every call either
 * returns a successful answer or throws: {@link ApiRefusedException} for an answer that is not a success,
 * {@link CliFailure} with {@link ExitCodes#UNAVAILABLE} when the API cannot be reached.
 */
public final class ApiClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final URI base;
    private final String apiKey;
    private final String userAgent;
    private final HttpClient http;

    public ApiClient(URI base, String apiKey, String version) {
        this.base = base;
        this.apiKey = apiKey;
        this.userAgent = "chk/" + version;
        // Redirects are not followed: a redirect would carry the API key to wherever it points.
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public URI base() {
        return base;
    }

    public ApiResponse get(String path, Query query) {
        return send("GET", path, query, null, Map.of());
    }

    public ApiResponse post(String path, String json) {
        return send("POST", path, Query.of(), json, Map.of());
    }

    public ApiResponse delete(String path) {
        return send("DELETE", path, Query.of(), null, Map.of());
    }

    /** Sends one request; retries by itself only as {@link Retries} allows. */
    public ApiResponse send(String method, String path, Query query, String json, Map<String, String> headers) {
        HttpRequest request = request(method, path, query, json, headers);
        for (int retries = 0; ; retries++) {
            ApiResponse response = exchange(request);
            if (response.isSuccess()) {
                return response;
            }
            Optional<Duration> wait = Retries.delay(response.status(),
                    response.headers().firstValue("Retry-After").orElse(null), retries);
            if (wait.isEmpty()) {
                throw refusal(response);
            }
            sleep(wait.get());
        }
    }

    /** The body of a successful answer as JSON. */
    public static JsonNode json(ApiResponse response) {
        try {
            return JSON.readTree(response.body());
        } catch (JacksonException e) {
            throw new CliFailure(ExitCodes.UNAVAILABLE, "the API answered " + response.status()
                    + " with a body that is not JSON: " + e.getOriginalMessage());
        }
    }

    private HttpRequest request(String method, String path, Query query, String json, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(resolve(path + query.render()))
                .timeout(REQUEST_TIMEOUT)
                .header("Accept", "application/json, application/problem+json")
                .header("User-Agent", userAgent)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            builder.header("Content-Type", "application/json");
        }
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        headers.forEach(builder::header);
        return builder.build();
    }

    private URI resolve(String pathAndQuery) {
        String root = base.toString();
        // The installation may live under a path (https://example.com/chronohook): keep it.
        return URI.create((root.endsWith("/") ? root.substring(0, root.length() - 1) : root) + pathAndQuery);
    }

    private ApiResponse exchange(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new ApiResponse(response.statusCode(), response.headers(), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure(ExitCodes.UNAVAILABLE, "interrupted while waiting for " + base);
        } catch (IOException | IllegalArgumentException e) {
            throw new CliFailure(ExitCodes.UNAVAILABLE, "cannot reach the API at " + base + ": " + reason(e), e);
        }
    }

    private CliFailure refusal(ApiResponse response) {
        if (response.status() >= 300 && response.status() < 400) {
            return new CliFailure(ExitCodes.UNAVAILABLE, base + " answered " + response.status() + ", a redirect to "
                    + response.headers().firstValue("Location").orElse("nowhere")
                    + ": give the API's own URL (redirects are not followed, so the key goes nowhere else)");
        }
        return new ApiRefusedException(Problem.of(response.status(), response.body()));
    }

    private String reason(Exception e) {
        if (e instanceof UnresolvedAddressException || e.getCause() instanceof UnresolvedAddressException) {
            return "unknown host " + base.getHost();
        }
        if (e instanceof HttpConnectTimeoutException) {
            return "no connection within " + CONNECT_TIMEOUT.toSeconds() + " s";
        }
        if (e instanceof HttpTimeoutException) {
            return "no answer within " + REQUEST_TIMEOUT.toSeconds() + " s";
        }
        if (e instanceof ConnectException) {
            return "connection refused (is it running, and is the URL right?)";
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static void sleep(Duration wait) {
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure(ExitCodes.UNAVAILABLE, "interrupted while waiting to retry");
        }
    }
}
