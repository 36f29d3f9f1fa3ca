package io.chronohook.dashboard.backend;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import javax.net.ssl.SSLException;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.chronohook.dashboard.DashboardProperties;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.CodecException;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.UnsupportedMediaTypeException;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.util.UriBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * The one client of the backend REST API, on the configured base URL. Calls carry the session's bearer token; a 401
 * becomes {@link NotSignedIn}, any other refusal a {@link BackendProblem} with the problem document's fields, and a
 * backend that cannot be reached a {@link BackendUnavailable}.
 */
@Component
public class BackendClient {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(3);
    /** API calls may do real work (a bulk create, a usage roll-up): they get longer than the health check. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(15);

    private static final Logger log = LoggerFactory.getLogger(BackendClient.class);
    private static final int MAX_DETAIL = 120;
    /** What an API call accepts unless it asks for something else: the resource as JSON, or a problem document. */
    private static final List<MediaType> JSON = List.of(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PROBLEM_JSON);

    private final WebClient web;
    private final Duration connectTimeout;
    private final Duration responseTimeout;

    @Autowired
    public BackendClient(DashboardProperties properties) {
        this(properties.backendUrl(), CONNECT_TIMEOUT, RESPONSE_TIMEOUT);
    }

    BackendClient(URI baseUrl, Duration connectTimeout, Duration responseTimeout) {
        this.connectTimeout = connectTimeout;
        this.responseTimeout = responseTimeout;
        HttpClient http = HttpClient.create()
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(connectTimeout.toMillis()))
                .responseTimeout(responseTimeout);
        this.web = WebClient.builder()
                .baseUrl(baseUrl.toString())
                .clientConnector(new ReactorClientHttpConnector(http))
                .build();
    }

    /** GETs one resource; {@code token} is null only for the public calls. */
    public <T> Mono<T> get(AccessToken token, Function<UriBuilder, URI> uri, Class<T> type) {
        return call(token, HttpMethod.GET, uri, null, Map.of(), ParameterizedTypeReference.forType(type));
    }

    /**
     * GETs one resource as {@code mediaType} and answers its body byte for byte, for a download the dashboard hands on
     * unchanged (a CSV export, the API's own JSON); an empty body is zero bytes.
     */
    public Mono<byte[]> bytes(AccessToken token, Function<UriBuilder, URI> uri, MediaType mediaType) {
        return call(token, HttpMethod.GET, List.of(mediaType, MediaType.APPLICATION_PROBLEM_JSON), uri, null, Map.of(),
                ParameterizedTypeReference.<byte[]>forType(byte[].class))
                .defaultIfEmpty(new byte[0]);
    }

    /** GETs one page of a list of {@code itemType}. */
    public <T> Mono<Listing<T>> list(AccessToken token, Function<UriBuilder, URI> uri, Class<T> itemType) {
        ParameterizedTypeReference<Listing<T>> listing = ParameterizedTypeReference.forType(
                ResolvableType.forClassWithGenerics(Listing.class, itemType).getType());
        return call(token, HttpMethod.GET, uri, null, Map.of(), listing);
    }

    /** Sends {@code body} as JSON (or nothing when null) and reads the answer as {@code type}. */
    public <T> Mono<T> send(AccessToken token, HttpMethod method, Function<UriBuilder, URI> uri, Object body,
                            Class<T> type) {
        return send(token, method, uri, body, Map.of(), type);
    }

    /** As {@link #send(AccessToken, HttpMethod, Function, Object, Class)}, with extra request headers. */
    public <T> Mono<T> send(AccessToken token, HttpMethod method, Function<UriBuilder, URI> uri, Object body,
                            Map<String, String> headers, Class<T> type) {
        return call(token, method, uri, body, headers, ParameterizedTypeReference.forType(type));
    }

    /** Sends a call whose answer has no body worth reading (204, or one the page ignores). */
    public Mono<Void> perform(AccessToken token, HttpMethod method, Function<UriBuilder, URI> uri, Object body) {
        return call(token, method, uri, body, Map.of(), ParameterizedTypeReference.forType(Void.class)).then();
    }

    private <T> Mono<T> call(AccessToken token, HttpMethod method, Function<UriBuilder, URI> uri, Object body,
                             Map<String, String> headers, ParameterizedTypeReference<T> type) {
        return call(token, method, JSON, uri, body, headers, type);
    }

    private <T> Mono<T> call(AccessToken token, HttpMethod method, List<MediaType> accept,
                             Function<UriBuilder, URI> uri, Object body, Map<String, String> headers,
                             ParameterizedTypeReference<T> type) {
        WebClient.RequestBodySpec request = web.method(method)
                .uri(uri)
                .accept(accept.toArray(MediaType[]::new))
                .headers(h -> {
                    if (token != null) {
                        h.setBearerAuth(token.value());
                    }
                    headers.forEach(h::set);
                });
        WebClient.RequestHeadersSpec<?> ready = body == null ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        return ready.exchangeToMono(response -> response.statusCode().is2xxSuccessful()
                        ? response.bodyToMono(type)
                        : response.bodyToMono(ProblemBody.class)
                                .onErrorResume(CodecException.class, unreadable -> Mono.empty())
                                .defaultIfEmpty(ProblemBody.EMPTY)
                                .flatMap(problem -> Mono.error(refusal(token, response.statusCode().value(), problem))))
                .timeout(CALL_TIMEOUT)
                .onErrorMap(error -> !(error instanceof BackendProblem || error instanceof NotSignedIn),
                        error -> {
                            String reason = reason(error);
                            log.warn("Backend call {} failed: {}", method, reason);
                            return new BackendUnavailable(reason, error);
                        });
    }

    private static RuntimeException refusal(AccessToken token, int status, ProblemBody problem) {
        if (status == 401 && token != null) {
            return new NotSignedIn();
        }
        return new BackendProblem(status, problem.code(), problem.detail(), problem.errors());
    }

    /** The fields of an RFC 9457 problem document the dashboard shows. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ProblemBody(String code, String detail, List<BackendProblem.FieldProblem> errors) {
        static final ProblemBody EMPTY = new ProblemBody(null, null, List.of());
    }

    /** GETs the backend's {@code /actuator/health}; any failure becomes a "down" status, never an error signal. */
    public Mono<BackendStatus> status() {
        return web.get()
                .uri("/actuator/health")
                .accept(MediaType.APPLICATION_JSON)
                .exchangeToMono(BackendClient::toStatus)
                .timeout(connectTimeout.plus(responseTimeout))
                .onErrorResume(error -> {
                    String reason = reason(error);
                    log.debug("Backend health check failed: {}", reason, error);
                    return Mono.just(BackendStatus.unreachable(reason));
                });
    }

    private static Mono<BackendStatus> toStatus(ClientResponse response) {
        if (!response.statusCode().is2xxSuccessful()) {
            return response.releaseBody()
                    .thenReturn(BackendStatus.unreachable("health check answered HTTP " + response.statusCode().value()));
        }
        return response.bodyToMono(Health.class)
                .map(health -> "UP".equals(health.status())
                        ? BackendStatus.reachable()
                        : BackendStatus.unreachable("health check reports " + health.status()))
                .defaultIfEmpty(BackendStatus.unreachable("health check answered an empty body"));
    }

    private String reason(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectTimeoutException) {
                return "no connection within " + seconds(connectTimeout);
            }
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
            if (cause instanceof io.netty.handler.timeout.TimeoutException || cause instanceof TimeoutException) {
                return "no answer within " + seconds(responseTimeout);
            }
            if (cause instanceof UnknownHostException) {
                return "unknown host";
            }
            if (cause instanceof SSLException) {
                return "TLS handshake failed";
            }
            if (cause instanceof CodecException || cause instanceof UnsupportedMediaTypeException) {
                return "health check answered something other than JSON";
            }
        }
        String text = error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage());
        return text.length() <= MAX_DETAIL ? text : text.substring(0, MAX_DETAIL - 1) + "…";
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
    }

    /** The part of a Spring Boot health answer this client reads. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Health(String status) {
    }
}
