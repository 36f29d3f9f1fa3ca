package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One alert as listed: its event {@code type}, the payload's {@code data}, and how its delivery went ({@code state}:
 * pending, sending, delivered, suppressed or failed).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Alert(String id, String type, String state, String jobId, String runId, Map<String, Object> data,
                    int attempts, int suppressed, Integer lastStatusCode, String lastError, Instant createdAt,
                    Instant finishedAt) {

    public Alert {
        data = data == null ? Map.of() : Map.copyOf(data);
    }

    /** A value of {@code data} as text, or null. */
    public String fact(String key) {
        Object value = data.get(key);
        return value == null ? null : String.valueOf(value);
    }
}
