package io.chronohook.schedule;

import java.time.Instant;

/**
 * One HTTP delivery of a run, as recorded by the outcome stage; for a long-running attempt (answered 202), how its
 * work ended ({@code runningEnd}: completed, failed, timed_out, cancelled), when, and why.
 */
public record Attempt(int number, Instant startedAt, Instant firstByteAt, Instant finishedAt, Integer statusCode,
                      Integer latencyMs, String outcome, String errorClass, String error, String responseExcerpt,
                      String traceId, String requestHead, String responseHeaders, Integer payloadVersion,
                      String runningEnd, Instant runningUntil, String runningError) {
}
