package io.chronohook.audit;

import java.time.Instant;
import java.util.Map;

/** An audit event as the API shows it. */
public record AuditEvent(String id, Instant at, Actor actor, String action, Target target, Map<String, Object> details) {

    /** Who made the change. */
    public record Actor(String type, String id) {
    }

    /** What the change was made to. */
    public record Target(String type, String id) {
    }
}
