package io.chronohook.dispatch;

import io.chronohook.dispatch.signing.SigningSecret;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One attempt of one run, as the pipeline hands it to the {@link WebhookDispatcher}.
 *
 * @param runId         the {@code webhook-id}: stable across every attempt of the run, the receiver's idempotency key
 * @param jobId         {@code null} omits {@code chronohook-job-id} (a message that belongs to no job, e.g. a test alert)
 * @param attempt       1-based attempt number
 * @param headers       the job's own headers; reserved names are dropped when sending
 * @param body          the exact bytes sent and signed; empty when the job has no body
 * @param contentType   {@code null} means {@code application/json}
 * @param timeout       one deadline for DNS, connect, TLS, request, response headers and body
 * @param secrets       the tenant's signing secrets, current first; each one signs
 * @param runToken      {@code null} omits {@code chronohook-run-token}
 * @param traceparent   {@code null} omits {@code traceparent}
 */
public record DeliveryRequest(
        String runId,
        String jobId,
        int attempt,
        Instant scheduledFor,
        URI url,
        String method,
        Map<String, String> headers,
        byte[] body,
        String contentType,
        Duration timeout,
        List<SigningSecret> secrets,
        String runToken,
        String traceparent) {

    /** The methods a job may use. */
    public static final Set<String> METHODS = Set.of("POST", "PUT", "PATCH", "GET", "DELETE");

    public static final String DEFAULT_CONTENT_TYPE = "application/json";

    public DeliveryRequest {
        requireText(runId, "runId");
        if (jobId != null && jobId.isBlank()) {
            throw new IllegalArgumentException("jobId must not be blank");
        }
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt is 1-based, got " + attempt);
        }
        Objects.requireNonNull(scheduledFor, "scheduledFor");
        Objects.requireNonNull(url, "url");
        method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException("method must be one of " + METHODS + ", got " + method);
        }
        headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = body == null ? new byte[0] : body.clone();
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        secrets = List.copyOf(Objects.requireNonNull(secrets, "secrets"));
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one signing secret is required");
        }
    }

    /** A copy: the record never shares its bytes with callers. */
    @Override
    public byte[] body() {
        return body.clone();
    }

    /** The content type sent, with the default applied. */
    public String effectiveContentType() {
        return contentType == null || contentType.isBlank() ? DEFAULT_CONTENT_TYPE : contentType;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DeliveryRequest that
                && attempt == that.attempt
                && runId.equals(that.runId)
                && Objects.equals(jobId, that.jobId)
                && scheduledFor.equals(that.scheduledFor)
                && url.equals(that.url)
                && method.equals(that.method)
                && headers.equals(that.headers)
                && Arrays.equals(body, that.body)
                && Objects.equals(contentType, that.contentType)
                && timeout.equals(that.timeout)
                && secrets.equals(that.secrets)
                && Objects.equals(runToken, that.runToken)
                && Objects.equals(traceparent, that.traceparent);
    }

    @Override
    public int hashCode() {
        return Objects.hash(runId, jobId, attempt, scheduledFor, url, method, headers, Arrays.hashCode(body),
                contentType, timeout, secrets, runToken, traceparent);
    }

    /** Leaves out the body, the header values and the run token: they may carry tenants' secrets. */
    @Override
    public String toString() {
        return "DeliveryRequest[runId=" + runId + ", jobId=" + jobId + ", attempt=" + attempt
                + ", scheduledFor=" + scheduledFor + ", url=" + url + ", method=" + method
                + ", headers=" + headers.keySet() + ", body=" + body.length + " bytes, timeout=" + timeout + "]";
    }

    private static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
    }
}
