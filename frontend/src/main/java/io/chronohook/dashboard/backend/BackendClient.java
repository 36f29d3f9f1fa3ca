package io.chronohook.dashboard.backend;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import javax.net.ssl.SSLException;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.chronohook.dashboard.DashboardProperties;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.codec.CodecException;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.UnsupportedMediaTypeException;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/** The one client of the backend REST API, on the configured base URL with short connect and response timeouts. */
@Component
public class BackendClient {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(3);

    private static final Logger log = LoggerFactory.getLogger(BackendClient.class);
    private static final int MAX_DETAIL = 120;

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
