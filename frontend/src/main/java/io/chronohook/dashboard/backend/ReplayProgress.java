package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A bulk replay of dead runs and how far it got. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReplayProgress(String id, String jobId, Instant from, Instant to, String state, int total, int replayed,
                             Instant createdAt, Instant finishedAt) {
}
