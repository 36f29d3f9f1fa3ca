package io.chronohook.dispatch.http;

import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A signed request ready for the wire, built by the dispatcher and sent by the {@link WebhookSender}.
 *
 * @param headers every header to send, in order; the client adds {@code host} and {@code content-length}
 * @param timeout one deadline for the whole exchange
 */
public record OutgoingRequest(String method, URI url, Map<String, String> headers, byte[] body, Duration timeout) {

    public OutgoingRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(url, "url");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = body == null ? new byte[0] : body;
        Objects.requireNonNull(timeout, "timeout");
    }

    /** This request with one more header (after the others). */
    public OutgoingRequest withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new OutgoingRequest(method, url, more, body, timeout);
    }

    @Override
    public String toString() {
        return "OutgoingRequest[" + method + " " + url + ", " + body.length + " bytes, timeout=" + timeout + "]";
    }
}
