package io.chronohook.job;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/**
 * A job as the API receives it (create, or the result of a merge patch). Every value is kept as sent — times and
 * durations as text — so that validation can name the field and the reason instead of failing in the JSON reader.
 */
@Schema(description = "A job to create: when it fires, the HTTPS request it makes, and how failures are retried.")
public record JobRequest(
        @Schema(description = "The job's name: 1–200 characters; need not be unique.", example = "nightly-report",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String name,
        @Schema(description = "Labels to find and group jobs by (`?label=key:value`), and for a `flowKey` template: at "
                + "most 20; keys 1–63 of `A-Za-z0-9_.-/` starting with a letter or digit, values at most 255 "
                + "characters. Default none.", example = "{\"team\": \"billing\"}")
        Map<String, String> labels,
        @Schema(description = "When the job fires.", requiredMode = Schema.RequiredMode.REQUIRED)
        ScheduleSpec schedule,
        @Schema(description = "The HTTPS request each run makes.", requiredMode = Schema.RequiredMode.REQUIRED)
        TargetSpec target,
        @Schema(description = "How failed deliveries are retried; every field has a default.")
        RetrySpec retry,
        @Schema(description = "An ISO-8601 duration, `PT1S`–`PT15M`: one deadline for connecting, TLS, the response "
                + "headers and body of an attempt. Default `PT30S`.", example = "PT30S")
        String timeout,
        @Schema(description = "What to do with occurrences missed while the job was paused or the scheduler was down: "
                + "`skip` them, `fire_once` for all of them, or `backfill` each (at most `backfillLimit`). Default "
                + "`fire_once`.", example = "fire_once", allowableValues = {"skip", "fire_once", "backfill"})
        String missedRunPolicy,
        @Schema(description = "With `backfill`, the most missed occurrences fired: 1–1000. Default 10.", example = "10")
        Integer backfillLimit,
        @Schema(description = "What to do when an occurrence comes while the previous run is still in flight: "
                + "`allow` it to run too, `skip` it, or `queue` it until the previous run ends. Default `allow`.",
                example = "allow", allowableValues = {"allow", "skip", "queue"})
        String overlapPolicy,
        @Schema(description = "Whether a run may be sent again once its request may have reached the receiver: "
                + "`at_least_once` retries it, `at_most_once` never does. Default `at_least_once`.",
                example = "at_least_once", allowableValues = {"at_least_once", "at_most_once"})
        String deliverySemantics,
        @Schema(description = "An ISO-8601 duration up to `PT1H`: a fixed per-job offset in `[0, spread]` added to "
                + "every occurrence, to spread jobs sharing a schedule. Default `PT0S`.", example = "PT0S")
        String spread,
        @Schema(description = "Long-running work: the receiver may answer `202` and then report heartbeats, "
                + "completion or failure on the run. Default none (the receiver answers within `timeout`).")
        LongRunningSpec longRunning,
        @Schema(description = "A flow key (1–128 of `A-Za-z0-9._:@-`, starting with a letter or digit), or a template "
                + "with `{labels.name}` placeholders resolved from the job's labels (at most 200 characters): runs "
                + "sharing a key share its concurrency and rate limits. Default none.",
                example = "billing-{labels.team}")
        String flowKey,
        @Schema(description = "The order of the tenant's own runs within its share: `high` runs first, `low` last. "
                + "Default `normal`.", example = "normal", allowableValues = {"high", "normal", "low"})
        String priority) {

    /** The same request without long-running work (its receiver answers within the timeout). */
    public JobRequest(String name, Map<String, String> labels, ScheduleSpec schedule, TargetSpec target,
                      RetrySpec retry, String timeout, String missedRunPolicy, Integer backfillLimit,
                      String overlapPolicy, String deliverySemantics, String spread) {
        this(name, labels, schedule, target, retry, timeout, missedRunPolicy, backfillLimit, overlapPolicy,
                deliverySemantics, spread, null, null, null);
    }

    /** Long-running work: how long one attempt may run after its 202, and the longest silence between heartbeats. */
    @Schema(description = "Long-running work: how long one attempt may run after its callback, and the longest "
            + "silence between heartbeats.")
    public record LongRunningSpec(
            @Schema(description = "An ISO-8601 duration, from `PT5S` up to the plan's limit: an attempt still running "
                    + "this long after its callback was sent is ended as timed out.", example = "PT2H",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String maxDuration,
            @Schema(description = "An ISO-8601 duration, `PT5S`–`PT1H` and not longer than `maxDuration`: an attempt "
                    + "without a heartbeat for this long is ended as timed out.", example = "PT5M",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String heartbeatTimeout) {
    }

    /** When the job fires: {@code cron} + {@code timeZone}, {@code at}, {@code delay}, {@code now} or {@code interval}. */
    @Schema(description = "When the job fires: a `cron` expression in a time zone, once `at` an instant, once after a "
            + "`delay`, once `now`, or every `interval`.")
    public record ScheduleSpec(
            @Schema(description = "The kind of schedule; it says which of the other fields apply.", example = "cron",
                    allowableValues = {"cron", "at", "delay", "now", "interval"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String type,
            @Schema(description = "For `cron` (and required there): five fields, or six with seconds first. See "
                    + "scheduling.md for the dialect.", example = "0 9 * * MON-FRI")
            String cron,
            @Schema(description = "For `cron`: the IANA time zone the expression is read in. Default `UTC`.",
                    example = "Europe/Berlin")
            String timeZone,
            @Schema(description = "For `at` (and required there): the ISO-8601 instant to fire at, not more than a "
                    + "minute in the past.", example = "2026-03-01T09:00:00Z")
            String at,
            @Schema(description = "For `delay` (and required there): an ISO-8601 duration from now, up to `P366D`.",
                    example = "PT10M")
            String delay,
            @Schema(description = "For `interval` (and required there): an ISO-8601 duration of at least `PT1S`, "
                    + "counted from `startAt`, or from creation.", example = "PT15M")
            String every,
            @Schema(description = "For `cron` and `interval`: the ISO-8601 instant before which the job does not fire.",
                    example = "2026-03-01T09:00:00Z")
            String startAt,
            @Schema(description = "For `cron` and `interval`: the ISO-8601 instant from which the job no longer fires; "
                    + "after `startAt`.", example = "2026-12-31T23:00:00Z")
            String endAt,
            @Schema(description = "For `cron` and `interval`: the most runs the schedule makes, at least 1.",
                    example = "100")
            Integer maxRuns) {
    }

    /** Where and what to send. */
    @Schema(description = "The HTTP request each run makes.")
    public record TargetSpec(
            @Schema(description = "The URL to call: `https://` (plain `http://`, private and loopback addresses only "
                    + "where the installation allows them), at most 2048 characters, without credentials; checked "
                    + "against the SSRF rules when saved and at every attempt (`target_not_allowed`).",
                    example = "https://api.example.com/hooks/report", requiredMode = Schema.RequiredMode.REQUIRED)
            String url,
            @Schema(description = "The HTTP method. Default `POST`.", example = "POST",
                    allowableValues = {"POST", "PUT", "PATCH", "GET", "DELETE"})
            String method,
            @Schema(description = "Headers to send: at most 50, values at most 4096 characters; `webhook-*`, "
                    + "`chronohook-*`, `content-length`, `host` and other names Chronohook sets are refused. Stored "
                    + "encrypted.", example = "{\"X-Source\": \"chronohook\"}")
            Map<String, String> headers,
            @Schema(description = "The request body, as text, up to the plan's payload limit (`payload_too_large`); "
                    + "stored encrypted. Default none.", example = "\"{\\\"report\\\":\\\"daily\\\"}\"")
            String body,
            @Schema(description = "The body's media type. Default `application/json`.", example = "application/json")
            String contentType) {
    }

    /** How failed deliveries are retried. */
    @Schema(description = "How failed deliveries are retried: attempts in all, with an exponential backoff between "
            + "them.")
    public record RetrySpec(
            @Schema(description = "Attempts in all, the first included: 1–100. Default 5.", example = "5")
            Integer maxAttempts,
            @Schema(description = "The backoff's first delay, an ISO-8601 duration `PT1S`–`PT1H`. Default `PT10S`.",
                    example = "PT10S")
            String initialDelay,
            @Schema(description = "The backoff's largest delay, an ISO-8601 duration `PT1S`–`P1D`, not shorter than "
                    + "`initialDelay`. Default `PT1H`.", example = "PT1H")
            String maxDelay,
            @Schema(description = "An ISO-8601 duration `PT1S`–`P30D`: no attempt is made later than this after the "
                    + "scheduled time. Default none.", example = "P1D")
            String maxRetryWindow) {
    }
}
