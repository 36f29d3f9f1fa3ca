package io.chronohook.job;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;

/** A validated job definition: what the store writes and the planner and dispatcher read. */
public record JobDefinition(
        String name,
        Map<String, String> labels,
        Schedule schedule,
        Target target,
        RetryPolicy retry,
        Duration timeout,
        MissedRunPolicy missedRunPolicy,
        int backfillLimit,
        OverlapPolicy overlapPolicy,
        DeliverySemantics deliverySemantics,
        Duration spread,
        LongRunning longRunning,
        Flow flow) {

    /** A definition without long-running work. */
    public JobDefinition(String name, Map<String, String> labels, Schedule schedule, Target target, RetryPolicy retry,
                         Duration timeout, MissedRunPolicy missedRunPolicy, int backfillLimit,
                         OverlapPolicy overlapPolicy, DeliverySemantics deliverySemantics, Duration spread) {
        this(name, labels, schedule, target, retry, timeout, missedRunPolicy, backfillLimit, overlapPolicy,
                deliverySemantics, spread, null, Flow.NONE);
    }

    /**
     * Flow control: the key template as given ({@code null}, a literal, or text with {@code {labels.name}}), the key
     * it resolves to with the job's labels, and the priority of the job's runs within its tenant.
     */
    public record Flow(String keyTemplate, String key, Priority priority) {

        public static final Flow NONE = new Flow(null, null, Priority.NORMAL);
    }

    /** A run's priority within its tenant's share: high runs are served before normal ones, low ones last. */
    public enum Priority {
        HIGH, NORMAL, LOW;

        public String wire() {
            return name().toLowerCase();
        }

        /** As stored: 0 high, 1 normal, 2 low. */
        public int code() {
            return ordinal();
        }

        public static Priority ofCode(int code) {
            return values()[code];
        }
    }

    /**
     * Long-running work (docs/long-running.md): a receiver that answers 202 Accepted keeps the run {@code running} for
     * at most {@code maxDuration}, each heartbeat moving its deadline {@code heartbeatTimeout} ahead.
     */
    public record LongRunning(Duration maxDuration, Duration heartbeatTimeout) {
    }

    /** The schedule in its stored form; {@code at} is resolved for one-shot jobs, {@code anchor} for intervals. */
    public record Schedule(ScheduleType type, String cron, ZoneId timeZone, Instant at, Duration delay,
                           Duration every, Instant anchor, Instant startAt, Instant endAt, Integer maxRuns) {

        public boolean recurring() {
            return type == ScheduleType.CRON || type == ScheduleType.INTERVAL;
        }
    }

    /** The HTTP request a run makes. */
    public record Target(URI url, String method, Map<String, String> headers, String body, String contentType) {
    }

    /**
     * Retries: attempts in all, the exponential backoff's first and largest delay, and (optionally) how long after
     * the scheduled time retries may still be made.
     */
    public record RetryPolicy(int maxAttempts, Duration initialDelay, Duration maxDelay, Duration maxRetryWindow) {
    }

    /** The kinds of schedule. */
    public enum ScheduleType {
        CRON, AT, DELAY, NOW, INTERVAL;

        public String wire() {
            return name().toLowerCase();
        }
    }

    /** What to do with occurrences missed while the job was paused or the system was down. */
    public enum MissedRunPolicy {
        SKIP, FIRE_ONCE, BACKFILL;

        public String wire() {
            return name().toLowerCase();
        }
    }

    /** What to do when an occurrence comes while the previous run is still in flight. */
    public enum OverlapPolicy {
        ALLOW, SKIP, QUEUE;

        public String wire() {
            return name().toLowerCase();
        }
    }

    /** Whether a run may be delivered again once the request may have reached the receiver. */
    public enum DeliverySemantics {
        AT_LEAST_ONCE, AT_MOST_ONCE;

        public String wire() {
            return name().toLowerCase();
        }
    }

    static <E extends Enum<E>> E fromWire(Class<E> type, String text) {
        return Enum.valueOf(type, text.toUpperCase());
    }

    static Map<String, String> copy(Map<String, String> map) {
        return map == null ? Map.of() : Map.copyOf(map);
    }
}
