package io.chronohook.dispatch.http;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Header names a job's custom headers may never set: the callback headers Chronohook owns and the hop-by-hop and
 * framing headers of HTTP. The API refuses them when a job is created; the dispatcher drops them again when sending.
 */
public final class ReservedHeaders {

    private static final Set<String> NAMES = Set.of(
            "webhook-id", "webhook-timestamp", "webhook-signature",
            "chronohook-job-id", "chronohook-attempt", "chronohook-scheduled-for", "chronohook-run-token",
            "traceparent", "content-type", "user-agent",
            "host", "content-length", "connection", "transfer-encoding", "te", "upgrade", "keep-alive", "expect");

    // Whole namespaces: Chronohook's and Standard Webhooks' future headers, and every proxy-* header.
    private static final String[] PREFIXES = {"proxy-", "webhook-", "chronohook-"};

    private ReservedHeaders() {
    }

    /** True when a job may not set a header called {@code name} (compared case-insensitively). */
    public static boolean isReserved(String name) {
        String lower = Objects.requireNonNull(name, "name").trim().toLowerCase(Locale.ROOT);
        if (NAMES.contains(lower)) {
            return true;
        }
        for (String prefix : PREFIXES) {
            if (lower.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
