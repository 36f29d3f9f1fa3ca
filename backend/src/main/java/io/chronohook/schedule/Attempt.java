package io.chronohook.schedule;

import java.time.Instant;

/** One HTTP delivery of a run, as recorded by the outcome stage. */
public record Attempt(int number, Instant startedAt, Instant firstByteAt, Instant finishedAt, Integer statusCode,
                      Integer latencyMs, String outcome, String errorClass, String error, String responseExcerpt,
                      String traceId, String requestHead, String responseHeaders, Integer payloadVersion) {
}
