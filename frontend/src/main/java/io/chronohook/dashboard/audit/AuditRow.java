package io.chronohook.dashboard.audit;

import java.time.Instant;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.chronohook.dashboard.backend.AuditEvent;
import org.springframework.web.util.UriUtils;

/**
 * An audit event as the table shows it: the action in words, who (a member by email, an API key by name, with the id
 * beside), a link to what it touched, details by name.
 */
public record AuditRow(String id, Instant at, String actorType, String actorId, String actorName, String action,
                       String words,
                       String targetType, String targetId, String targetHref, List<Detail> details) {

    /** The known actions in words; an unknown one is shown as it is. */
    static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("tenant.created", "Account created"),
            Map.entry("api_key.created", "API key created"),
            Map.entry("api_key.revoked", "API key revoked"),
            Map.entry("signing_secret.rotated", "Signing secret rotated"),
            Map.entry("job.created", "Job created"),
            Map.entry("jobs.created", "Jobs created in bulk"),
            Map.entry("job.updated", "Job updated"),
            Map.entry("job.paused", "Job paused"),
            Map.entry("job.resumed", "Job resumed"),
            Map.entry("job.deleted", "Job deleted"),
            Map.entry("job.triggered", "Job triggered"),
            Map.entry("job.auto_paused", "Job paused automatically"),
            Map.entry("run.replayed", "Run replayed"),
            Map.entry("runs.replayed", "Dead runs replayed"),
            Map.entry("plan.changed", "Plan changed"));

    private static final int BRIEF = 20;

    private static final Map<String, String> ACTORS = Map.of(
            "member", "Member", "api_key", "API key", "operator", "Operator", "system", "Chronohook");

    /** One {@code key: value} of the details; {@code href} when the value is a run or job id. */
    public record Detail(String key, String value, String href) {
    }

    public AuditRow {
        details = List.copyOf(details);
    }

    public static AuditRow of(AuditEvent event) {
        AuditEvent.Actor actor = event.actor() == null ? new AuditEvent.Actor(null, null, null, null) : event.actor();
        AuditEvent.Ref target = event.target() == null ? new AuditEvent.Ref(null, null) : event.target();
        String action = event.action() == null ? "" : event.action();
        List<Detail> details = new ArrayList<>();
        new TreeMap<>(event.details())
                .forEach((key, value) -> details.add(new Detail(key, text(value), href(key, value))));
        return new AuditRow(event.id(), event.at(), ACTORS.getOrDefault(actor.type(), actor.type() == null ? "—"
                : actor.type()), actor.id(), actor.email() != null ? actor.email() : actor.name(), action,
                WORDS.getOrDefault(action, action), target.type(), target.id(),
                target.id() == null ? null : link(target.type(), target.id()), details);
    }

    /** A long id shortened for the table, {@code job_01a2071c25…5f43e}; the page keeps the whole id in a title. */
    public static String brief(String id) {
        return id == null || id.length() <= BRIEF ? id
                : id.substring(0, BRIEF - 6) + "…" + id.substring(id.length() - 5);
    }

    /** The dashboard page of a job or run. */
    static String link(String type, String id) {
        return switch (type == null ? "" : type) {
            case "job" -> "/jobs/" + UriUtils.encodePathSegment(id, StandardCharsets.UTF_8);
            case "run" -> "/runs/" + UriUtils.encodePathSegment(id, StandardCharsets.UTF_8);
            default -> null;
        };
    }

    private static String href(String key, Object value) {
        return value instanceof String id && ("run".equals(key) || "job".equals(key)) ? link(key, id) : null;
    }

    private static String text(Object value) {
        if (value == null) {
            return "—";
        }
        if (value instanceof Collection<?> items) {
            return items.stream().map(AuditRow::text).collect(Collectors.joining(", "));
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(entry -> entry.getKey() + "=" + text(entry.getValue()))
                    .collect(Collectors.joining(", "));
        }
        return value.toString();
    }
}
