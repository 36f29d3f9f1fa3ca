package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One entry of the tenant's audit log: who did what to which resource, when. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditEvent(String id, Instant at, Actor actor, String action, Ref target, Map<String, Object> details) {

    public AuditEvent {
        details = details == null ? Map.of() : details;
    }

    /** Who acted: a member (with their email), an API key (with its name), the operator or Chronohook itself. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Actor(String type, String id, String email, String name) {
    }

    /** A typed reference ({@code member mem_…}, {@code job job_…}). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Ref(String type, String id) {
    }
}
