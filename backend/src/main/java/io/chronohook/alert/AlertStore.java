package io.chronohook.alert;

import static io.chronohook.platform.Rows.instant;
import static io.chronohook.platform.Rows.utc;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunId;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Reads and writes alert settings and the alert outbox; tenant-scoped except for the detectors' and sender's batches. */
@Repository
public class AlertStore {

    private static final TypeReference<Map<String, Object>> DETAILS = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final JsonMapper json;
    private final Clock clock;

    public AlertStore(DatabaseClient db, JsonMapper json, Clock clock) {
        this.db = db;
        this.json = json;
        this.clock = clock;
    }

    /** Whether the cooldown let an alert out, and how many it held back before it. */
    record Gate(boolean opened, int suppressedBefore) {
    }

    public Mono<AlertSettings> settings(TenantId tenantId) {
        return db.sql(AlertSql.FIND_SETTINGS).bind("tenantId", tenantId.value()).map(AlertStore::toSettings).one();
    }

    public Mono<AlertSettings> saveSettings(TenantId tenantId, AlertSettings settings, Instant now) {
        return db.sql(AlertSql.SAVE_SETTINGS)
                .bind("tenantId", tenantId.value())
                .bind("url", settings.url().toString())
                .bind("failingThreshold", settings.failingThreshold())
                .bind("missedWindowAfterMs", settings.missedWindowAfter().toMillis())
                .bind("cooldownMs", settings.cooldown().toMillis())
                .bind("events", settings.events().stream().map(AlertKind::wire).toArray(String[]::new))
                .bind("now", utc(now))
                .map(AlertStore::toSettings).one();
    }

    /** True when there were settings to delete. */
    public Mono<Boolean> deleteSettings(TenantId tenantId) {
        return db.sql(AlertSql.DELETE_SETTINGS).bind("tenantId", tenantId.value())
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    public Mono<Alert> enqueueTest(TenantId tenantId, Instant now) {
        return db.sql(AlertSql.INSERT_TEST)
                .bind("id", Uuid7.next(clock)).bind("tenantId", tenantId.value()).bind("now", utc(now))
                .map(this::toAlert).one();
    }

    public Mono<Alert> find(TenantId tenantId, AlertId id) {
        return db.sql(AlertSql.FIND).bind("tenantId", tenantId.value()).bind("id", id.value())
                .map(this::toAlert).one();
    }

    public Mono<Page<Alert>> list(TenantId tenantId, PageRequest page) {
        return page.query(db, AlertSql.LIST_FIRST, AlertSql.LIST_AFTER)
                .bind("tenantId", tenantId.value())
                .map(this::toAlert).all().collectList()
                .map(rows -> page.page(rows, alert -> alert.id().value(), alert -> alert));
    }

    /** One statement for a batch of runs that went dead; returns how many alerts it raised. */
    public Mono<Long> raiseForDeadRuns(List<DeadRun> dead, Instant now) {
        return db.sql(AlertSql.RAISE_FOR_DEAD_RUNS)
                .bind("runIds", dead.stream().map(run -> run.id().value()).toArray(UUID[]::new))
                .bind("attempts", dead.stream().map(DeadRun::attempt).toArray(Integer[]::new))
                .bind("gone", dead.stream().map(DeadRun::gone).toArray(Boolean[]::new))
                .bind("now", utc(now))
                .fetch().rowsUpdated();
    }

    /** A run an attempt's outcome ended dead; {@code gone}: its receiver answered 410 Gone. */
    public record DeadRun(RunId id, int attempt, boolean gone) {
    }

    /** The alert for a long-running attempt that timed out; returns how many it raised (0 or 1). */
    public Mono<Long> raiseForTimedOut(OutcomeRecorder.TimedOut timedOut, Instant now) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(AlertSql.RAISE_FOR_TIMED_OUT)
                .bind("runId", timedOut.runId().value())
                .bind("attempt", timedOut.attempt())
                .bind("reason", timedOut.reason())
                .bind("now", utc(now));
        return bindNullable(spec, "nextAttemptAt", timedOut.nextAttemptAt() == null ? null
                : utc(timedOut.nextAttemptAt()), OffsetDateTime.class)
                .fetch().rowsUpdated();
    }

    /** Runs whose missed window closed in {@code (from, to]} while they had not started. */
    Mono<Long> raiseForNotStarted(Instant from, Instant to, Instant now) {
        return db.sql(AlertSql.RAISE_FOR_NOT_STARTED)
                .bind("from", utc(from)).bind("to", utc(to))
                .bind("dueAfter", utc(from.minus(AlertLimits.MAX_MISSED_WINDOW)))
                .bind("dueBy", utc(to.minus(AlertLimits.MIN_MISSED_WINDOW)))
                .bind("now", utc(now))
                .fetch().rowsUpdated();
    }

    /** Runs skipped as missed and created at or after {@code from}. */
    Mono<Long> raiseForSkipped(Instant from, Instant now) {
        return db.sql(AlertSql.RAISE_FOR_SKIPPED)
                .bind("from", utc(from)).bind("now", utc(now))
                .fetch().rowsUpdated();
    }

    Flux<ClaimedAlert> claim(Instant now, Instant leaseUntil, int limit) {
        return db.sql(AlertSql.CLAIM)
                .bind("now", utc(now)).bind("leaseUntil", utc(leaseUntil)).bind("limit", limit)
                .map(row -> {
                    String url = row.get("url", String.class);
                    Long cooldown = row.get("cooldown_ms", Long.class);
                    return new ClaimedAlert(toAlert(row), new TenantId(row.get("tenant_id", UUID.class)),
                            Boolean.TRUE.equals(row.get("gated", Boolean.class)),
                            url == null ? null : URI.create(url),
                            cooldown == null ? null : Duration.ofMillis(cooldown));
                })
                .all();
    }

    /** Consults the cooldown of the alert's job and kind; the window it may open lasts until {@code until}. */
    Mono<Gate> gate(ClaimedAlert claimed, Instant until, Instant now) {
        Alert alert = claimed.alert();
        return db.sql(AlertSql.GATE)
                .bind("tenantId", claimed.tenantId().value())
                .bind("jobId", alert.jobId().value())
                .bind("kind", alert.kind().wire())
                .bind("alertId", alert.id().value())
                .bind("until", utc(until)).bind("now", utc(now))
                .map(row -> new Gate(Boolean.TRUE.equals(row.get("opened", Boolean.class)),
                        row.get("suppressed_before", Integer.class)))
                .one();
    }

    /** How one attempt ended for the alert. */
    record Attempted(String state, boolean counted, Instant nextAttemptAt, Integer statusCode, String error,
                     Instant finishedAt) {
    }

    Mono<Void> finish(AlertId id, Attempted attempted) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(AlertSql.FINISH)
                .bind("id", id.value())
                .bind("state", attempted.state())
                .bind("counted", attempted.counted() ? 1 : 0);
        spec = bindNullable(spec, "nextAttemptAt", attempted.nextAttemptAt() == null ? null
                : utc(attempted.nextAttemptAt()), OffsetDateTime.class);
        spec = bindNullable(spec, "statusCode", attempted.statusCode(), Integer.class);
        spec = bindNullable(spec, "error", attempted.error(), String.class);
        spec = bindNullable(spec, "finishedAt", attempted.finishedAt() == null ? null
                : utc(attempted.finishedAt()), OffsetDateTime.class);
        return spec.then();
    }

    /** Forgets finished alerts and idle cooldowns older than {@code before}; returns how many alerts went. */
    Mono<Long> purge(Instant before, int limit) {
        return db.sql(AlertSql.PURGE).bind("before", Uuid7.floor(before)).bind("limit", limit)
                .fetch().rowsUpdated()
                .flatMap(alerts -> db.sql(AlertSql.PURGE_COOLDOWNS).bind("before", utc(before))
                        .fetch().rowsUpdated().thenReturn(alerts));
    }

    private static <T> DatabaseClient.GenericExecuteSpec bindNullable(DatabaseClient.GenericExecuteSpec spec,
                                                                      String name, T value, Class<T> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }

    private static AlertSettings toSettings(Readable row) {
        String[] events = row.get("events", String[].class);
        return new AlertSettings(
                URI.create(row.get("url", String.class)),
                row.get("failing_threshold", Integer.class),
                Duration.ofMillis(row.get("missed_window_after_ms", Long.class)),
                Duration.ofMillis(row.get("cooldown_ms", Long.class)),
                Arrays.stream(events).map(AlertKind::fromWire).flatMap(Optional::stream).toList(),
                instant(row, "updated_at"));
    }

    private Alert toAlert(Readable row) {
        UUID jobId = row.get("job_id", UUID.class);
        UUID runId = row.get("run_id", UUID.class);
        Json details = row.get("details", Json.class);
        return new Alert(
                new AlertId(row.get("id", UUID.class)),
                AlertKind.fromWire(row.get("kind", String.class)).orElseThrow(),
                row.get("state", String.class),
                jobId == null ? null : new JobId(jobId),
                runId == null ? null : new RunId(runId),
                instant(row, "scheduled_for"),
                details == null ? Map.of() : json.readValue(details.asString(), DETAILS),
                row.get("attempts", Integer.class),
                row.get("suppressed_before", Integer.class),
                row.get("last_status_code", Integer.class),
                row.get("last_error", String.class),
                instant(row, "created_at"),
                instant(row, "finished_at"));
    }
}
