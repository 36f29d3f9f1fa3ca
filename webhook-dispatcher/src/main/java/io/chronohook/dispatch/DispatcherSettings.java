package io.chronohook.dispatch;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the {@link WebhookDispatcher}, one instance per process.
 *
 * @param allowPrivateTargets    development and tests only: permits loopback and private addresses, reserved names,
 *                               plain http and any port
 * @param maxConnectionsPerHost  keep-alive pool size for one host and port
 * @param pendingAcquireMaxCount attempts that may wait for a pooled connection to one host before failing fast
 * @param maxIdleTime            an idle pooled connection is closed after this long
 * @param maxLifeTime            a pooled connection is closed after this long, so that hosts are re-resolved and
 *                               re-checked now and then
 * @param resolveTimeout         bound on one DNS lookup; a lookup that times out fails the attempt
 * @param maxResponseBytes       at most this much of a response body is read; past it the connection is discarded
 * @param storedExcerptBytes     the start of the response body kept in outcomes
 * @param userAgent              the {@code user-agent} sent
 */
public record DispatcherSettings(
        boolean allowPrivateTargets,
        int maxConnectionsPerHost,
        int pendingAcquireMaxCount,
        Duration maxIdleTime,
        Duration maxLifeTime,
        Duration resolveTimeout,
        int maxResponseBytes,
        int storedExcerptBytes,
        String userAgent) {

    public DispatcherSettings {
        requirePositive(maxConnectionsPerHost, "maxConnectionsPerHost");
        requirePositive(pendingAcquireMaxCount, "pendingAcquireMaxCount");
        requirePositive(maxIdleTime, "maxIdleTime");
        requirePositive(maxLifeTime, "maxLifeTime");
        requirePositive(resolveTimeout, "resolveTimeout");
        requirePositive(maxResponseBytes, "maxResponseBytes");
        if (storedExcerptBytes < 0 || storedExcerptBytes > maxResponseBytes) {
            throw new IllegalArgumentException("storedExcerptBytes must be between 0 and maxResponseBytes");
        }
        if (userAgent == null || userAgent.isBlank() || userAgent.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("userAgent must be printable text");
        }
    }

    /** Production defaults: public HTTPS targets only, 4,000 connections per host, 64 KiB read, 1 KiB kept. */
    public static DispatcherSettings defaults() {
        return new DispatcherSettings(false, 4000, 10_000, Duration.ofSeconds(30), Duration.ofMinutes(5),
                Duration.ofSeconds(5), 64 * 1024, 1024, "Chronohook/1");
    }

    /** The same settings with private targets allowed or not. */
    public DispatcherSettings withAllowPrivateTargets(boolean allow) {
        return new DispatcherSettings(allow, maxConnectionsPerHost, pendingAcquireMaxCount, maxIdleTime, maxLifeTime,
                resolveTimeout, maxResponseBytes, storedExcerptBytes, userAgent);
    }

    /** The same settings with another keep-alive pool size per host and port. */
    public DispatcherSettings withMaxConnectionsPerHost(int connections) {
        return new DispatcherSettings(allowPrivateTargets, connections, pendingAcquireMaxCount, maxIdleTime,
                maxLifeTime, resolveTimeout, maxResponseBytes, storedExcerptBytes, userAgent);
    }

    /** The same settings with other response limits. */
    public DispatcherSettings withResponseLimits(int maxBytes, int excerptBytes) {
        return new DispatcherSettings(allowPrivateTargets, maxConnectionsPerHost, pendingAcquireMaxCount, maxIdleTime,
                maxLifeTime, resolveTimeout, maxBytes, excerptBytes, userAgent);
    }

    private static void requirePositive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
    }

    private static void requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
    }
}
