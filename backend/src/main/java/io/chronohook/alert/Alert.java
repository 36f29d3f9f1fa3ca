package io.chronohook.alert;

import io.chronohook.job.JobId;
import io.chronohook.schedule.RunId;
import java.time.Instant;
import java.util.Map;

/**
 * One alert of the outbox, as the API lists it: what it is about, the kind's own facts ({@code details}), and how
 * its delivery went ({@code state}: pending, sending, delivered, suppressed or failed).
 */
public record Alert(AlertId id, AlertKind kind, String state, JobId jobId, RunId runId, Instant scheduledFor,
                    Map<String, Object> details, int attempts, int suppressedBefore, Integer lastStatusCode,
                    String lastError, Instant createdAt, Instant finishedAt) {

    public Alert {
        details = details == null ? Map.of() : details;
    }
}
