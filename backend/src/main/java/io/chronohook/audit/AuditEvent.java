package io.chronohook.audit;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Map;

/** An audit event as the API shows it. */
@Schema(description = "One change made to the tenant: who made it, what it was, to what, and when.")
public record AuditEvent(
        @Schema(description = "The event's id (`aud_…`).", example = "aud_0195a7f3a9b47c21b0e3d4c5f6a7b8c9",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String id,
        @Schema(description = "When the change was made.", example = "2026-03-01T09:00:00Z",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Instant at,
        @Schema(description = "Who made the change.", requiredMode = Schema.RequiredMode.REQUIRED)
        Actor actor,
        @Schema(description = "What the change was, as `<object>.<verb>`: `tenant.created`, `api_key.created`, "
                + "`api_key.revoked`, `signing_secret.rotated`, `job.created`, `jobs.created`, `job.updated`, "
                + "`job.paused`, `job.resumed`, `job.deleted`, `job.triggered`, `job.auto_paused`, `run.replayed`, "
                + "`runs.replayed`, `plan.changed`, `alert_settings.updated`, `alert_settings.deleted`, "
                + "`flow_key.updated`, `flow_key.deleted`, `endpoint_limits.updated`, `endpoint_limits.deleted`, "
                + "`invitation.created`, `invitation.revoked`, `invitation.accepted`, `member.role_changed`, "
                + "`member.removed`; more may come.", example = "member.role_changed",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String action,
        @Schema(description = "What the change was made to.", requiredMode = Schema.RequiredMode.REQUIRED)
        Target target,
        @Schema(description = "The change's own facts, by action; e.g. `{email, from, to}` for "
                + "`member.role_changed`, `{email, role}` for `member.removed`.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Map<String, Object> details) {

    /** Who made the change: {@code email} for a member, {@code name} for an API key (null when gone or other). */
    @Schema(description = "Who made a change: a member, an API key, the operator or Chronohook itself, as people "
            + "know them.")
    public record Actor(
            @Schema(description = "The kind of actor: a member (by its access token), an API key, the installation's "
                    + "operator, or `system` for Chronohook itself (e.g. `job.auto_paused`).", example = "member",
                    allowableValues = {"member", "api_key", "operator", "system"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String type,
            @Schema(description = "The actor's id: a member's (`mem_…`, or the subject of an external issuer's "
                    + "token) or an API key's (`key_…`), `operator` for the operator; null for `system`.",
                    example = "mem_0195a7c43b2e7f109c4d2e8b5a1f6c3d")
            String id,
            @Schema(description = "The member's email; null for other actors and once the member is removed.",
                    example = "ada@example.com")
            String email,
            @Schema(description = "The API key's name (revoked keys included); null for other actors.",
                    example = "ci-deploy")
            String name) {
    }

    /** What the change was made to. */
    @Schema(description = "What a change was made to.")
    public record Target(
            @Schema(description = "The kind of object: `tenant`, `api_key`, `signing_secret`, `job`, `run`, "
                    + "`replay`, `alert_settings`, `flow_key`, `endpoint`, `invitation` or `member`.",
                    example = "member", requiredMode = Schema.RequiredMode.REQUIRED)
            String type,
            @Schema(description = "The object's id (`mem_…`, `job_…`, a flow key, a host…); null for the tenant's "
                    + "signing secret and alert settings and for `jobs.created`.",
                    example = "mem_0195a7d81c6f7a02b3e45f9c8d7a6b21")
            String id) {
    }
}
