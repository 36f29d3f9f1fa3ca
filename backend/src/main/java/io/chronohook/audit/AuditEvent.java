package io.chronohook.audit;

import java.time.Instant;
import java.util.Map;

/** An audit event as the API shows it. */
public record AuditEvent(String id, Instant at, Actor actor, String action, Target target, Map<String, Object> details) {

    /** Who made the change: {@code email} for a member, {@code name} for an API key (null when gone or other). */
    public record Actor(String type, String id, String email, String name) {
    }

    /** What the change was made to. */
    public record Target(String type, String id) {
    }
}
