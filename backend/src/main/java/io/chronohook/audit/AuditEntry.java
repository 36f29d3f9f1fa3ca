package io.chronohook.audit;

import io.chronohook.access.Caller;
import java.util.Map;

/** One change to record: who (actor), what (action), on which object (target), with small structured details. */
public record AuditEntry(Actor actor, String action, String targetType, String targetId, Map<String, Object> details) {

    public AuditEntry {
        details = details == null ? Map.of() : Map.copyOf(details);
    }

    /** Who made a change: a member, an API key, the operator or the system itself. */
    public record Actor(String type, String id) {

        public static Actor of(Caller caller) {
            return new Actor(caller.kind().wire(), caller.id());
        }

        public static Actor member(String memberId) {
            return new Actor(Caller.Kind.MEMBER.wire(), memberId);
        }

        public AuditEntry entry(String action, String targetType, String targetId, Map<String, Object> details) {
            return new AuditEntry(this, action, targetType, targetId, details);
        }
    }

    /** An entry whose actor is the authenticated caller. */
    public static AuditEntry by(Caller caller, String action, String targetType, String targetId,
                                Map<String, Object> details) {
        return Actor.of(caller).entry(action, targetType, targetId, details);
    }
}
