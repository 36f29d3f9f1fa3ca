package io.chronohook.dispatch;

import io.chronohook.dispatch.signing.SigningSecret;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test builder: {@code aRequestTo(url).withMethod("GET").build()}. */
final class RequestBuilder {

    static final Instant SCHEDULED_FOR = Instant.parse("2026-11-22T10:00:00Z");
    static final String RUN_ID = "run_01JDQ6M2X5G7Z9W3K4N8P0R2T6";
    static final String JOB_ID = "job_01JDQ6KZ1B3C5D7E9F0G2H4J6K";
    static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private URI url;
    private String method = "POST";
    private Map<String, String> headers = new LinkedHashMap<>();
    private byte[] body = "{\"report\":\"daily\",\"note\":\"ünïcode\"}".getBytes(StandardCharsets.UTF_8);
    private String contentType;
    private Duration timeout = Duration.ofSeconds(5);
    private List<SigningSecret> secrets = List.of(SigningSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
    private String runToken = "rt_secret_token";
    private String traceparent = TRACEPARENT;
    private int attempt = 1;

    private RequestBuilder(URI url) {
        this.url = url;
    }

    static RequestBuilder aRequestTo(String url) {
        return new RequestBuilder(URI.create(url));
    }

    RequestBuilder withMethod(String method) {
        this.method = method;
        return this;
    }

    RequestBuilder withHeader(String name, String value) {
        headers.put(name, value);
        return this;
    }

    RequestBuilder withBody(byte[] body) {
        this.body = body;
        return this;
    }

    RequestBuilder withContentType(String contentType) {
        this.contentType = contentType;
        return this;
    }

    RequestBuilder withTimeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    RequestBuilder signedWith(SigningSecret... secrets) {
        this.secrets = List.of(secrets);
        return this;
    }

    RequestBuilder withoutRunTokenOrTrace() {
        this.runToken = null;
        this.traceparent = null;
        return this;
    }

    RequestBuilder attempt(int attempt) {
        this.attempt = attempt;
        return this;
    }

    DeliveryRequest build() {
        return new DeliveryRequest(RUN_ID, JOB_ID, attempt, SCHEDULED_FOR, url, method, headers, body, contentType,
                timeout, secrets, runToken, traceparent);
    }
}
