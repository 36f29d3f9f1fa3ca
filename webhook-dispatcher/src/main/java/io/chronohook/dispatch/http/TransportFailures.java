package io.chronohook.dispatch.http;

import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.dispatch.guard.TargetRefusedException;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import reactor.netty.http.client.PrematureCloseException;

/** Maps an error of one exchange to {@code Failed}, or to {@code Blocked} when the pinning resolver refused the host. */
final class TransportFailures {

    private static final int MAX_MESSAGE = 300;

    private TransportFailures() {
    }

    /**
     * @param requestStarted whether the request had been handed to the connection: until then nothing can have reached
     *                       the receiver
     */
    static DeliveryOutcome toOutcome(Throwable error, boolean requestStarted, Instant startedAt, Instant now) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof TargetRefusedException refused) {
                return new DeliveryOutcome.Blocked(refused.refusal().reason(), now);
            }
        }
        Throwable root = error;
        String errorClass;
        boolean beforeRequest = false;
        if (error instanceof TimeoutException || error instanceof ReadTimeoutException) {
            errorClass = "timeout";
        } else if (has(error, UnknownHostException.class)) {
            errorClass = "dns";
            beforeRequest = true;
            root = find(error, UnknownHostException.class);
        } else if (has(error, ConnectTimeoutException.class)) {
            errorClass = "connect_timeout";
            beforeRequest = true;
        } else if (has(error, ConnectException.class)) {
            root = find(error, ConnectException.class);
            String message = String.valueOf(root.getMessage()).toLowerCase(Locale.ROOT);
            errorClass = message.contains("refused") ? "connect_refused" : "connect_failed";
            beforeRequest = true;
        } else if (has(error, NoRouteToHostException.class)) {
            errorClass = "connect_failed";
            beforeRequest = true;
        } else if (has(error, SSLHandshakeException.class)) {
            errorClass = "tls";
            beforeRequest = true;
        } else if (has(error, SSLException.class)) {
            errorClass = "tls";
        } else if (hasNamed(error, "PoolAcquirePendingLimitException") || hasNamed(error, "PoolAcquireTimeoutException")) {
            errorClass = "pool_exhausted";
            beforeRequest = true;
        } else if (has(error, PrematureCloseException.class)) {
            errorClass = "connection_closed";
        } else if (!requestStarted && error instanceof IllegalArgumentException) {
            errorClass = "request_invalid"; // e.g. a header value with a line break
        } else {
            errorClass = "io";
        }
        boolean mayHaveReachedReceiver = requestStarted && !beforeRequest;
        return new DeliveryOutcome.Failed(errorClass, message(errorClass, root, requestStarted), mayHaveReachedReceiver,
                startedAt, now);
    }

    private static String message(String errorClass, Throwable error, boolean requestStarted) {
        String text;
        if (errorClass.equals("timeout")) {
            text = requestStarted
                    ? "no complete response before the deadline"
                    : "deadline passed before the request was sent (DNS, connect or TLS)";
        } else {
            text = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        }
        return text.length() > MAX_MESSAGE ? text.substring(0, MAX_MESSAGE) + "…" : text;
    }

    // Reactor Netty shades reactor-pool, so its exceptions are matched by simple name rather than by an internal class.
    private static boolean hasNamed(Throwable error, String simpleName) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause.getClass().getSimpleName().equals(simpleName)) {
                return true;
            }
        }
        return false;
    }

    private static boolean has(Throwable error, Class<? extends Throwable> type) {
        return find(error, type) != null;
    }

    private static Throwable find(Throwable error, Class<? extends Throwable> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return cause;
            }
        }
        return null;
    }
}
