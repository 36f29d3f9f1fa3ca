package io.chronohook.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.chronohook.client.invoker.ApiClient;
import io.chronohook.client.invoker.ApiException;
import io.chronohook.client.model.Problem;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where a program starts: the address of a Chronohook installation and a credential, from which it makes the
 * generated API objects, blocking ({@code io.chronohook.client.api}) or returning {@code CompletableFuture}
 * ({@code io.chronohook.client.async.api}).
 *
 * <pre>{@code
 * Chronohook chronohook = Chronohook.connect("https://chronohook.example.com", apiKey);
 * JobsApi jobs = chronohook.api(JobsApi::new);
 * io.chronohook.client.async.api.RunsApi runs =
 *         chronohook.api(io.chronohook.client.async.api.RunsApi::new);
 * }</pre>
 *
 * <p>All API objects of one instance share its HTTP client, and are thread-safe.
 */
public final class Chronohook {

    private static final ObjectMapper PROBLEMS = ApiClient.createDefaultObjectMapper();

    private final ApiClient apiClient;

    private Chronohook(ApiClient apiClient) {
        this.apiClient = apiClient;
    }

    /**
     * A client of the installation at {@code baseUrl} (e.g. {@code https://chronohook.example.com}) calling with
     * {@code apiKey}: an API key ({@code chk_…}) or a member's access token.
     */
    public static Chronohook connect(String baseUrl, String apiKey) {
        return builder(baseUrl).apiKey(apiKey).build();
    }

    /** A client without a credential, for the public calls: sign-up and sign-in. */
    public static Chronohook anonymous(String baseUrl) {
        return builder(baseUrl).build();
    }

    public static Builder builder(String baseUrl) {
        return new Builder(baseUrl);
    }

    /**
     * An API object of the generated client, configured for this installation and credential: pass its constructor,
     * e.g. {@code api(JobsApi::new)}.
     */
    public <T> T api(Function<ApiClient, T> constructor) {
        return constructor.apply(apiClient);
    }

    /**
     * The problem document (RFC 9457) of a refused call, whose {@code code} says what went wrong; empty when the
     * answer had none (e.g. a connection that failed). An asynchronous call fails its future with the same
     * {@link ApiException}.
     */
    public static Optional<Problem> problem(ApiException refused) {
        String body = refused.getResponseBody();
        String type = refused.getResponseHeaders() == null ? ""
                : refused.getResponseHeaders().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT);
        if (body == null || body.isBlank() || !type.startsWith("application/problem+json")) {
            return Optional.empty();
        }
        try {
            return Optional.of(PROBLEMS.readValue(body, Problem.class));
        } catch (JsonProcessingException notAProblem) {
            return Optional.empty();
        }
    }

    /** Settings of a {@link Chronohook}; the defaults suit most programs. */
    public static final class Builder {

        private final String baseUrl;
        private String apiKey;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration requestTimeout = Duration.ofSeconds(30);

        private Builder(String baseUrl) {
            this.baseUrl = withoutTrailingSlash(Objects.requireNonNull(baseUrl, "baseUrl"));
            URI parsed = URI.create(this.baseUrl);
            if (parsed.getScheme() == null || parsed.getHost() == null) {
                throw new IllegalArgumentException("not an absolute http(s) URL: " + baseUrl);
            }
        }

        /** Sent as {@code Authorization: Bearer <apiKey>} on every call. */
        public Builder apiKey(String apiKey) {
            this.apiKey = Objects.requireNonNull(apiKey, "apiKey");
            return this;
        }

        /** How long to wait for a connection; 10 s by default. */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
            return this;
        }

        /** How long a call may take from sending to the end of the answer's headers; 30 s by default. */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
            return this;
        }

        public Chronohook build() {
            ObjectMapper mapper = ApiClient.createDefaultObjectMapper();
            ApiClient client = new SharedHttpApiClient(HttpClient.newBuilder().connectTimeout(connectTimeout),
                    mapper, baseUrl);
            client.setReadTimeout(requestTimeout);
            if (apiKey != null) {
                String authorization = "Bearer " + apiKey;
                client.setRequestInterceptor(request -> request.setHeader("Authorization", authorization));
            }
            return new Chronohook(client);
        }

        // The generated operations' paths start with a slash: a base URL ending in one would make "//api/v1/…".
        private static String withoutTrailingSlash(String url) {
            String trimmed = url.trim();
            while (trimmed.endsWith("/")) {
                trimmed = trimmed.substring(0, trimmed.length() - 1);
            }
            return trimmed;
        }
    }
}
