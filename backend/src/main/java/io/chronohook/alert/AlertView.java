package io.chronohook.alert;

import java.time.Instant;
import java.util.Map;

/** An alert as the API shows it: the payload's {@code data}, and how its delivery went. */
public record AlertView(String id, String type, String state, String jobId, String runId, Map<String, Object> data,
                        int attempts, int suppressed, Integer lastStatusCode, String lastError, Instant createdAt,
                        Instant finishedAt) {

    static AlertView of(Alert alert) {
        return new AlertView(alert.id().toString(), alert.kind().wire(), alert.state(),
                alert.jobId() == null ? null : alert.jobId().toString(),
                alert.runId() == null ? null : alert.runId().toString(),
                AlertPayload.data(alert), alert.attempts(), alert.suppressedBefore(), alert.lastStatusCode(),
                alert.lastError(), alert.createdAt(), alert.finishedAt());
    }
}
