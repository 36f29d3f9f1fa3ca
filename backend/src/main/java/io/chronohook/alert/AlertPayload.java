package io.chronohook.alert;

import io.chronohook.billing.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON an alert webhook receives: {@code id}, {@code type}, {@code timestamp} (when the alert was raised),
 * {@code tenantId}, {@code suppressed} (alerts of the same kind and job held back by the cooldown since the previous
 * one) and the kind's {@code data}. The API lists the same {@code data}.
 */
final class AlertPayload {

    static final String TEST_MESSAGE = "A test alert: the alert webhook is reachable and verifies Chronohook's signature.";

    private AlertPayload() {
    }

    static Map<String, Object> of(TenantId tenantId, Alert alert, int suppressed) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("id", alert.id().toString());
        payload.put("type", alert.kind().wire());
        payload.put("timestamp", iso(alert.createdAt()));
        payload.put("tenantId", tenantId.toString());
        payload.put("suppressed", suppressed);
        payload.put("data", data(alert));
        return payload;
    }

    /** The ids, the job's name, the scheduled time and the kind's own facts, in a stable order. */
    static Map<String, Object> data(Alert alert) {
        Map<String, Object> data = new LinkedHashMap<>();
        if (alert.kind() == AlertKind.TEST) {
            data.put("message", TEST_MESSAGE);
            return data;
        }
        if (alert.jobId() != null) {
            data.put("jobId", alert.jobId().toString());
        }
        if (alert.details().containsKey("jobName")) {
            data.put("jobName", alert.details().get("jobName"));
        }
        if (alert.runId() != null) {
            data.put("runId", alert.runId().toString());
        }
        if (alert.scheduledFor() != null) {
            data.put("scheduledFor", iso(alert.scheduledFor()));
        }
        alert.details().forEach((key, value) -> {
            if (key.equals("missedWindowAfterMs") && value instanceof Number ms) {
                data.put("missedWindowAfter", Duration.ofMillis(ms.longValue()).toString());
            } else if (!key.equals("jobName")) {
                data.put(key, value);
            }
        });
        return data;
    }

    private static String iso(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
