package io.chronohook.job;

import io.chronohook.dispatch.guard.TargetGuard;
import io.chronohook.dispatch.http.ReservedHeaders;
import io.chronohook.flow.FlowKeys;
import io.chronohook.job.JobDefinition.DeliverySemantics;
import io.chronohook.job.JobDefinition.MissedRunPolicy;
import io.chronohook.job.JobDefinition.OverlapPolicy;
import io.chronohook.job.JobDefinition.ScheduleType;
import io.chronohook.job.timing.InvalidScheduleException;
import io.chronohook.platform.Validation;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Turns a {@link JobRequest} into a {@link JobDefinition}, collecting every invalid field with its reason and the
 * specific codes of the API ({@code invalid_cron}, {@code unknown_time_zone}, {@code target_not_allowed},
 * {@code payload_too_large}). Resolves the target's host through the SSRF guard, so call it off the event loop.
 */
@Component
public class JobValidator {

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    static final Duration MAX_TIMEOUT = Duration.ofMinutes(15);
    static final Duration MAX_SPREAD = Duration.ofHours(1);
    static final Duration MAX_DELAY = Duration.ofDays(366);
    static final Duration MIN_INTERVAL = Duration.ofSeconds(1);
    static final Duration AT_GRACE = Duration.ofMinutes(1);
    static final Duration MIN_HEARTBEAT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration MAX_HEARTBEAT_TIMEOUT = Duration.ofHours(1);
    static final Duration MAX_RUNNING = Duration.ofDays(366);
    static final int MAX_LABELS = 20;
    static final int MAX_HEADERS = 50;
    private static final Set<String> METHODS = Set.of("POST", "PUT", "PATCH", "GET", "DELETE");
    private static final Set<String> ZONES = ZoneId.getAvailableZoneIds();
    private static final Pattern LABEL_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.\\-/]{0,62}");
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+\\-.^_`|~0-9A-Za-z]{1,100}");

    private final TargetGuard guard;
    private final Clock clock;

    public JobValidator(TargetGuard guard, Clock clock) {
        this.guard = guard;
        this.clock = clock;
    }

    /** The plan's limits a job is validated against. */
    public record Limits(int maxPayloadBytes, Duration maxRunning) {

        /** Limits without long-running work beyond the default plan's hour. */
        public static Limits ofPayload(int maxPayloadBytes) {
            return new Limits(maxPayloadBytes, Duration.ofHours(1));
        }
    }

    /** Validates a whole job; {@code maxPayloadBytes} comes from the tenant's plan. */
    public JobDefinition validate(JobRequest request, int maxPayloadBytes) {
        return validate(request, Limits.ofPayload(maxPayloadBytes), null);
    }

    /** Validates a whole job against the tenant's plan's limits. */
    public JobDefinition validate(JobRequest request, Limits limits) {
        return validate(request, limits, null);
    }

    /**
     * Validates a whole job, keeping {@code unchangedSchedule} as it is when an update leaves the schedule alone
     * (so an interval keeps its anchor and a one-shot time that has passed is not refused as "in the past").
     */
    public JobDefinition validate(JobRequest request, Limits limits, JobDefinition.Schedule unchangedSchedule) {
        int maxPayloadBytes = limits.maxPayloadBytes();
        Validation v = new Validation();
        String name = v.text(request.name(), "name", 1, 200);
        Map<String, String> labels = labels(request.labels(), v);
        JobDefinition.Schedule schedule = unchangedSchedule != null ? unchangedSchedule : schedule(request.schedule(), v);
        JobDefinition.Target target = target(request.target(), maxPayloadBytes, v);
        JobDefinition.RetryPolicy retry = retry(request.retry(), v);
        Duration timeout = duration(request.timeout(), "timeout", DEFAULT_TIMEOUT, Duration.ofSeconds(1), MAX_TIMEOUT, v);
        MissedRunPolicy missed = choice(MissedRunPolicy.class, request.missedRunPolicy(), "missedRunPolicy",
                MissedRunPolicy.FIRE_ONCE, v);
        int backfillLimit = request.backfillLimit() == null ? 10 : request.backfillLimit();
        v.require(backfillLimit >= 1 && backfillLimit <= 1000, "backfillLimit", "must be between 1 and 1000");
        OverlapPolicy overlap = choice(OverlapPolicy.class, request.overlapPolicy(), "overlapPolicy",
                OverlapPolicy.ALLOW, v);
        DeliverySemantics semantics = choice(DeliverySemantics.class, request.deliverySemantics(),
                "deliverySemantics", DeliverySemantics.AT_LEAST_ONCE, v);
        Duration spread = duration(request.spread(), "spread", Duration.ZERO, Duration.ZERO, MAX_SPREAD, v);
        JobDefinition.LongRunning longRunning = longRunning(request.longRunning(), limits.maxRunning(), v);
        JobDefinition.Flow flow = flow(request.flowKey(), request.priority(), labels, v);
        v.check();
        return new JobDefinition(name, labels, schedule, target, retry, timeout, missed, backfillLimit, overlap,
                semantics, spread, longRunning, flow);
    }

    /** Validates a schedule alone (the preview endpoint). */
    public JobDefinition.Schedule validateSchedule(JobRequest.ScheduleSpec spec) {
        Validation v = new Validation();
        JobDefinition.Schedule schedule = schedule(spec, v);
        v.check();
        return schedule;
    }

    /** The flow key (a literal, or resolved from the labels) and the priority. */
    private static JobDefinition.Flow flow(String template, String priority, Map<String, String> labels,
                                           Validation v) {
        JobDefinition.Priority level = choice(JobDefinition.Priority.class, priority, "priority",
                JobDefinition.Priority.NORMAL, v);
        if (template == null) {
            return new JobDefinition.Flow(null, null, level);
        }
        if (template.isBlank() || template.length() > 200) {
            v.require(false, "flowKey", "must be a key or a template of at most 200 characters");
            return new JobDefinition.Flow(null, null, level);
        }
        FlowKeys.Resolved resolved = FlowKeys.resolve(template, labels == null ? Map.of() : labels);
        v.require(resolved.error() == null, "flowKey", resolved.error());
        return new JobDefinition.Flow(template, resolved.key(), level);
    }

    private static Map<String, String> labels(Map<String, String> labels, Validation v) {
        if (labels == null) {
            return Map.of();
        }
        v.require(labels.size() <= MAX_LABELS, "labels", "may hold at most " + MAX_LABELS + " entries");
        Map<String, String> sorted = new TreeMap<>();
        labels.forEach((key, value) -> {
            v.require(LABEL_KEY.matcher(key).matches(), "labels." + key,
                    "keys are 1-63 letters, digits, '_', '.', '-' or '/', starting with a letter or digit");
            v.require(value != null && value.length() <= 255, "labels." + key, "must be a text of at most 255 characters");
            sorted.put(key, value);
        });
        return sorted;
    }

    private JobDefinition.Schedule schedule(JobRequest.ScheduleSpec spec, Validation v) {
        if (spec == null) {
            v.require(false, "schedule", "is required");
            return null;
        }
        ScheduleType type = spec.type() == null ? null : Arrays.stream(ScheduleType.values())
                .filter(t -> t.wire().equals(spec.type())).findFirst().orElse(null);
        if (type == null) {
            v.require(false, "schedule.type", "must be one of cron, at, delay, now, interval");
            return null;
        }
        // Millisecond precision: the instants a receiver sees (chronohook-scheduled-for) carry milliseconds.
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant startAt = v.instant(spec.startAt(), "schedule.startAt");
        Instant endAt = v.instant(spec.endAt(), "schedule.endAt");
        if (startAt != null && endAt != null) {
            v.require(endAt.isAfter(startAt), "schedule.endAt", "must be after startAt");
        }
        v.require(spec.maxRuns() == null || spec.maxRuns() > 0, "schedule.maxRuns", "must be at least 1");
        if (type != ScheduleType.CRON && type != ScheduleType.INTERVAL) {
            v.require(spec.startAt() == null && spec.endAt() == null && spec.maxRuns() == null, "schedule",
                    "startAt, endAt and maxRuns apply to cron and interval schedules only");
        }
        return switch (type) {
            case CRON -> cron(spec, startAt, endAt, v);
            case AT -> {
                Instant at = v.instant(spec.at(), "schedule.at");
                v.require(spec.at() != null, "schedule.at", "is required for an at schedule");
                if (at != null) {
                    v.require(!at.isBefore(now.minus(AT_GRACE)), "schedule.at", "is in the past");
                }
                yield new JobDefinition.Schedule(type, null, null, at, null, null, null, null, null, null);
            }
            case DELAY -> {
                v.require(spec.delay() != null, "schedule.delay", "is required for a delay schedule");
                Duration delay = spec.delay() == null ? null
                        : duration(spec.delay(), "schedule.delay", null, Duration.ZERO, MAX_DELAY, v);
                Instant at = delay == null ? null : now.plus(delay);
                yield new JobDefinition.Schedule(type, null, null, at, delay, null, null, null, null, null);
            }
            case NOW -> new JobDefinition.Schedule(type, null, null, now, null, null, null, null, null, null);
            case INTERVAL -> {
                v.require(spec.every() != null, "schedule.every", "is required for an interval schedule");
                Duration every = spec.every() == null ? null
                        : duration(spec.every(), "schedule.every", null, MIN_INTERVAL, MAX_DELAY, v);
                Instant anchor = startAt == null ? now : startAt;
                yield new JobDefinition.Schedule(type, null, null, null, null, every, anchor, startAt, endAt,
                        spec.maxRuns());
            }
        };
    }

    private static JobDefinition.Schedule cron(JobRequest.ScheduleSpec spec, Instant startAt, Instant endAt,
                                               Validation v) {
        ZoneId zone = ZoneId.of("UTC");
        if (spec.timeZone() != null) {
            if (ZONES.contains(spec.timeZone()) || "UTC".equals(spec.timeZone())) {
                zone = ZoneId.of(spec.timeZone());
            } else {
                v.fail("schedule.timeZone", "'" + spec.timeZone() + "' is not an IANA time zone such as Europe/Berlin",
                        "unknown_time_zone");
            }
        }
        if (spec.cron() == null || spec.cron().isBlank()) {
            v.fail("schedule.cron", "is required for a cron schedule", "invalid_cron");
            return null;
        }
        try {
            Schedules.cron(spec.cron().strip(), zone);
        } catch (InvalidScheduleException e) {
            v.fail("schedule.cron", e.getMessage(), "invalid_cron");
        }
        return new JobDefinition.Schedule(ScheduleType.CRON, spec.cron().strip(), zone, null, null, null, null,
                startAt, endAt, spec.maxRuns());
    }

    private JobDefinition.Target target(JobRequest.TargetSpec spec, int maxPayloadBytes, Validation v) {
        if (spec == null) {
            v.require(false, "target", "is required");
            return null;
        }
        String method = spec.method() == null ? "POST" : spec.method().toUpperCase(Locale.ROOT);
        v.require(METHODS.contains(method), "target.method", "must be one of POST, PUT, PATCH, GET, DELETE");
        Map<String, String> headers = new LinkedHashMap<>();
        if (spec.headers() != null) {
            v.require(spec.headers().size() <= MAX_HEADERS, "target.headers",
                    "may hold at most " + MAX_HEADERS + " headers");
            spec.headers().forEach((header, value) -> {
                String field = "target.headers." + header;
                if (!HEADER_NAME.matcher(header).matches()) {
                    v.require(false, field, "is not a valid header name");
                } else if (ReservedHeaders.isReserved(header)) {
                    v.require(false, field, "is set by Chronohook and cannot be overridden");
                } else if (value == null || value.length() > 4096 || value.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
                    v.require(false, field, "must be a text of at most 4096 characters without control characters");
                } else {
                    headers.put(header, value);
                }
            });
        }
        String body = spec.body();
        if (body != null) {
            int size = body.getBytes(StandardCharsets.UTF_8).length;
            if (size > maxPayloadBytes) {
                v.fail("target.body", "is " + size + " bytes; the plan allows at most " + maxPayloadBytes,
                        "payload_too_large");
            }
        }
        String contentType = spec.contentType();
        v.require(contentType == null || (contentType.length() <= 255 && contentType.contains("/")),
                "target.contentType", "must be a media type such as application/json");
        URI url = url(spec.url(), v);
        return new JobDefinition.Target(url, method, headers, body, contentType);
    }

    private URI url(String text, Validation v) {
        return TargetUrls.check(guard, text, "target.url", v);
    }

    private static JobDefinition.RetryPolicy retry(JobRequest.RetrySpec spec, Validation v) {
        int attempts = spec == null || spec.maxAttempts() == null ? 5 : spec.maxAttempts();
        v.require(attempts >= 1 && attempts <= 100, "retry.maxAttempts", "must be between 1 and 100");
        Duration initial = duration(spec == null ? null : spec.initialDelay(), "retry.initialDelay",
                Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofHours(1), v);
        Duration max = duration(spec == null ? null : spec.maxDelay(), "retry.maxDelay",
                Duration.ofHours(1), Duration.ofSeconds(1), Duration.ofDays(1), v);
        if (initial != null && max != null) {
            v.require(max.compareTo(initial) >= 0, "retry.maxDelay", "must not be shorter than initialDelay");
        }
        Duration window = duration(spec == null ? null : spec.maxRetryWindow(), "retry.maxRetryWindow", null,
                Duration.ofSeconds(1), Duration.ofDays(30), v);
        return new JobDefinition.RetryPolicy(attempts, initial, max, window);
    }

    /** Both durations are required; a heartbeat timeout longer than the longest duration would never fire. */
    private static JobDefinition.LongRunning longRunning(JobRequest.LongRunningSpec spec, Duration maxRunning,
                                                         Validation v) {
        if (spec == null) {
            return null;
        }
        v.require(spec.maxDuration() != null, "longRunning.maxDuration", "is required for long-running work");
        v.require(spec.heartbeatTimeout() != null, "longRunning.heartbeatTimeout",
                "is required for long-running work");
        Duration max = spec.maxDuration() == null ? null : duration(spec.maxDuration(), "longRunning.maxDuration",
                null, MIN_HEARTBEAT_TIMEOUT, MAX_RUNNING, v);
        if (max != null && max.compareTo(maxRunning) > 0) {
            v.require(false, "longRunning.maxDuration", "is longer than the plan allows (" + maxRunning + ")");
            max = null;
        }
        Duration heartbeat = spec.heartbeatTimeout() == null ? null : duration(spec.heartbeatTimeout(),
                "longRunning.heartbeatTimeout", null, MIN_HEARTBEAT_TIMEOUT, MAX_HEARTBEAT_TIMEOUT, v);
        if (max != null && heartbeat != null) {
            v.require(heartbeat.compareTo(max) <= 0, "longRunning.heartbeatTimeout",
                    "must not be longer than maxDuration");
        }
        return max == null || heartbeat == null ? null : new JobDefinition.LongRunning(max, heartbeat);
    }

    private static Duration duration(String text, String field, Duration fallback, Duration min, Duration max,
                                     Validation v) {
        return v.duration(text, field, fallback, min, max);
    }

    private static <E extends Enum<E>> E choice(Class<E> type, String text, String field, E fallback, Validation v) {
        if (text == null) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().toLowerCase(Locale.ROOT).equals(text)) {
                return constant;
            }
        }
        v.require(false, field, "must be one of " + Arrays.stream(type.getEnumConstants())
                .map(c -> c.name().toLowerCase(Locale.ROOT)).toList());
        return fallback;
    }
}
