package io.chronohook.job;

import static io.chronohook.platform.Rows.utc;
import static io.chronohook.platform.Rows.instant;
import static io.chronohook.platform.Rows.bytes;
import static io.chronohook.platform.Rows.micros;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.history.RunIdBounds;
import io.chronohook.platform.KeyedReads;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Rows;
import io.chronohook.platform.SecretCipher;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.lang.reflect.Array;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Stores job definitions; headers and body sealed at rest. Every method is scoped to one tenant. */
@Repository
public class JobStore {

    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {
    };
    private static final TypeReference<Map<String, Object>> OBJECT_MAP = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final DatabaseClient keyed;
    private final SecretCipher cipher;
    private final JsonMapper json;
    private final OpenRunsFloor openRuns;
    private final RunIdBounds runIds;

    public JobStore(DatabaseClient db, KeyedReads keyed, SecretCipher cipher, JsonMapper json, OpenRunsFloor openRuns,
                    RunIdBounds runIds) {
        this.db = db;
        this.keyed = keyed.client();
        this.cipher = cipher;
        this.json = json;
        this.openRuns = openRuns;
        this.runIds = runIds;
    }

    /** Filters of the job list. */
    /** {@code nameContains}: a case-insensitive part of the name, or null. */
    public record ListFilter(JobState state, Map<String, String> label, String nameContains) {
    }

    public Mono<Void> insert(TenantId tenantId, JobId id, JobDefinition definition, Instant nextFireAt, Instant now) {
        return newRow(db.sql(JobSql.INSERT), tenantId, id, definition, nextFireAt, now).then();
    }

    /** A job to write with {@link #insertAll}: its id, definition and first occurrence (null: none). */
    public record NewJob(JobId id, JobDefinition definition, Instant nextFireAt) {
    }

    /**
     * Writes the tenant's jobs, all active, in one statement ({@link JobSql#INSERT_MANY}: each parameter an array
     * with an element per job), for a batch create inside its transaction.
     */
    public Mono<Void> insertAll(TenantId tenantId, List<NewJob> jobs, Instant now) {
        if (jobs.isEmpty()) {
            return Mono.empty();
        }
        return newRows(db.sql(JobSql.INSERT_MANY), tenantId, jobs, Collections.nCopies(jobs.size(), now)).fetch().rowsUpdated().then();
    }

    /**
     * Makes the tenant's jobs (made at {@code madeAt}, in the jobs' order) all counted on one free stripe with room for them all
     * under the limit {@code max}, each audited ({@code audited} binds the events, in the jobs' order), in one
     * statement ({@link JobSql#INSERT_MANY_COUNTED_ON_FREE_STRIPE}) on the connections that keep their plans; false
     * (nothing written) when no free stripe has the room.
     */
    public Mono<Boolean> insertManyCounted(TenantId tenantId, List<NewJob> jobs, List<Instant> madeAt,
                                           long max, UnaryOperator<DatabaseClient.GenericExecuteSpec> audited) {
        DatabaseClient.GenericExecuteSpec spec = newRows(keyed.sql(JobSql.INSERT_MANY_COUNTED_ON_FREE_STRIPE),
                tenantId, jobs, madeAt).bind("count", jobs.size()).bind("max", max);
        return audited.apply(spec).map(row -> row.get("made", Long.class)).one().map(made -> made == jobs.size());
    }

    /** Binds {@link JobSql#INSERT_MANY}'s arrays, an element per job, and what the jobs share. */
    private DatabaseClient.GenericExecuteSpec newRows(DatabaseClient.GenericExecuteSpec spec, TenantId tenantId,
                                                      List<NewJob> jobs, List<Instant> madeAt) {
        List<List<Column>> rows = jobs.stream().map(job -> columns(tenantId, job.id(), job.definition())).toList();
        spec = spec.bind("createdUs", madeAt.stream().map(Rows::micros).toArray(Long[]::new))
                .bind("tenantId", tenantId.value())
                .bind("state", JobState.ACTIVE.wire())
                .bind("nextFireUs", jobs.stream().map(job -> job.nextFireAt() == null ? null : micros(job.nextFireAt()))
                        .toArray(Long[]::new));
        List<Column> first = rows.getFirst();
        for (int c = 0; c < first.size(); c++) {
            if (first.get(c).name().equals("tenantId")) {
                continue; // one tenant's jobs: bound once
            }
            Object array = Array.newInstance(first.get(c).elementType(), rows.size());
            for (int r = 0; r < rows.size(); r++) {
                Array.set(array, r, rows.get(r).get(c).element());
            }
            spec = spec.bind(first.get(c).name(), array);
        }
        return spec;
    }

    /**
     * Makes the job, counted on a stripe below its cap ({@code stripe} null: a free one, not waited for; else that one,
     * waited for) and audited ({@code audited} binds the event), in one statement; false (nothing written) when no
     * stripe could count it ({@link JobCounter}). {@code alone}: no transaction is around it, so it goes to the
     * connections that keep their plans ({@link KeyedReads}: planning it was a third of its cost in Postgres).
     */
    public Mono<Boolean> insertCounted(TenantId tenantId, JobId id, JobDefinition definition, Instant nextFireAt,
                                       Instant now, long max, Short stripe, boolean alone,
                                       UnaryOperator<DatabaseClient.GenericExecuteSpec> audited) {
        DatabaseClient.GenericExecuteSpec spec = (alone ? keyed : db).sql(stripe == null
                ? JobSql.INSERT_COUNTED_ON_FREE_STRIPE : JobSql.INSERT_COUNTED_ON_STRIPE).bind("max", max);
        spec = stripe == null ? spec.bind("count", 1) : spec.bind("stripe", stripe);
        return audited.apply(newRow(spec, tenantId, id, definition, nextFireAt, now))
                .map(row -> row.get("made", Long.class)).one().map(made -> made == 1);
    }

    private DatabaseClient.GenericExecuteSpec newRow(DatabaseClient.GenericExecuteSpec spec, TenantId tenantId,
                                                     JobId id, JobDefinition definition, Instant nextFireAt,
                                                     Instant now) {
        spec = bindDefinition(spec, tenantId, id, definition)
                .bind("state", JobState.ACTIVE.wire())
                .bind("now", utc(now));
        return bindNullable(spec, "nextFireAt", nextFireAt == null ? null : utc(nextFireAt), OffsetDateTime.class);
    }

    public Mono<Job> find(TenantId tenantId, JobId id) {
        return find(db, tenantId, id);
    }

    /** {@link #find}, as committed, for the API's reads outside any transaction ({@link KeyedReads}). */
    public Mono<Job> read(TenantId tenantId, JobId id) {
        return find(keyed, tenantId, id);
    }

    private Mono<Job> find(DatabaseClient client, TenantId tenantId, JobId id) {
        return withRunBounds(client.sql(JobSql.FIND))
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .map(this::toJob)
                .one();
    }

    public Mono<Page<Job>> list(TenantId tenantId, ListFilter filter, PageRequest page) {
        DatabaseClient.GenericExecuteSpec spec = withRunBounds(page.query(db, JobSql.LIST_FIRST, JobSql.LIST_AFTER))
                .bind("tenantId", tenantId.value());
        spec = bindNullable(spec, "state", filter.state() == null ? null : filter.state().wire(), String.class);
        spec = bindNullable(spec, "label", filter.label() == null ? null : Json.of(json.writeValueAsString(filter.label())),
                Json.class);
        spec = bindNullable(spec, "name", filter.nameContains() == null ? null : "%" + likeEscaped(filter.nameContains())
                + "%", String.class);
        return spec.map(this::toJob).all().collectList()
                .map(rows -> page.page(rows, job -> job.id().value(), job -> job));
    }

    /** Binds where the open runs of {@link JobSql#COLUMNS} can lie. */
    private DatabaseClient.GenericExecuteSpec withRunBounds(DatabaseClient.GenericExecuteSpec spec) {
        return spec.bind("openFloor", openRuns.floor()).bind("runCeiling", runIds.ceiling());
    }

    /** A job's payload as it is now, and how many definition changes made it ({@code payloadVersion}). */
    public record CurrentPayload(int payloadVersion, Payload payload) {
    }

    /** The job's current payload, opened; empty when the tenant has no such job. */
    public Mono<CurrentPayload> currentPayload(TenantId tenantId, JobId id) {
        return db.sql(JobSql.CURRENT_PAYLOAD)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .map(row -> {
                    ByteBuffer body = row.get("body_sealed", ByteBuffer.class);
                    return new CurrentPayload(row.get("payload_version", Integer.class), open(tenantId, id,
                            row.get("key_id", String.class), bytes(row.get("headers_sealed", ByteBuffer.class)),
                            body == null ? null : bytes(body)));
                })
                .one();
    }

    /** {@code text} with the LIKE wildcards and the escape character escaped, so that it matches only itself. */
    static String likeEscaped(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** The names of the tenant's jobs among {@code ids} that have one. */
    public Mono<Map<JobId, String>> names(TenantId tenantId, Collection<JobId> ids) {
        if (ids.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql(JobSql.NAMES)
                .bind("tenantId", tenantId.value())
                .bind("ids", ids.stream().map(JobId::value).distinct().toArray(UUID[]::new))
                .map(row -> Map.entry(new JobId(row.get("id", UUID.class)), Optional.ofNullable(row.get("name", String.class))))
                .all()
                .filter(entry -> entry.getValue().isPresent())
                .collectMap(Map.Entry::getKey, entry -> entry.getValue().get());
    }

    /** True when the definition was replaced; false when the version moved on (or the job is gone). */
    public Mono<Boolean> update(TenantId tenantId, JobId id, int expectedVersion, JobDefinition definition,
                                Instant nextFireAt, Instant now) {
        DatabaseClient.GenericExecuteSpec spec = bindDefinition(db.sql(JobSql.UPDATE_DEFINITION), tenantId, id,
                definition)
                .bind("version", expectedVersion)
                .bind("now", utc(now));
        return bindNullable(spec, "nextFireAt", nextFireAt == null ? null : utc(nextFireAt), OffsetDateTime.class)
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    /** Compare-and-set of the job state; false when the job was not in {@code expected}. */
    public Mono<Boolean> setState(TenantId tenantId, JobId id, JobState expected, JobState target,
                                  Instant nextFireAt, Instant now) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(JobSql.SET_STATE)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .bind("expected", expected.wire())
                .bind("state", target.wire())
                .bind("now", utc(now));
        return bindNullable(spec, "nextFireAt", nextFireAt == null ? null : utc(nextFireAt), OffsetDateTime.class)
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    /** Pauses an active job with a reason; false when it was not active. */
    public Mono<Boolean> pauseWithReason(TenantId tenantId, JobId id, String reason, Instant now) {
        return db.sql(JobSql.PAUSE_WITH_REASON)
                .bind("tenantId", tenantId.value()).bind("id", id.value()).bind("reason", reason)
                .bind("now", utc(now))
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    /** What a round of the job completer did: how many jobs it completed, and the last one it looked at. */
    public record Completion(long completed, JobId last) {
    }

    /**
     * Completes up to {@code limit} active jobs without a next occurrence whose runs have all finished, across
     * tenants (maintenance), looking at those after {@code after} in id order; {@code last} is null when none was left
     * after it.
     */
    public Mono<Completion> completeFinished(JobId after, int limit) {
        return withRunBounds(db.sql(JobSql.COMPLETE_FINISHED)).bind("after", after.value()).bind("limit", limit)
                .map(row -> {
                    UUID last = row.get("last", UUID.class);
                    return new Completion(row.get("completed", Long.class), last == null ? null : new JobId(last));
                })
                .one();
    }

    /**
     * Completes those of the given jobs that are active, have no occurrence left and no live run (the jobs of runs
     * that just ended); how many were completed. Jobs locked elsewhere are left to {@link #completeFinished}.
     */
    public Mono<Long> completeIfFinished(Collection<JobId> ids) {
        if (ids.isEmpty()) {
            return Mono.just(0L);
        }
        UUID[] uuids = ids.stream().map(JobId::value).distinct().toArray(UUID[]::new);
        return withRunBounds(db.sql(JobSql.COMPLETE_IF_FINISHED)).bind("ids", uuids)
                .map(row -> row.get("completed", Long.class)).one();
    }

    /** A job's request headers and body, opened for a delivery. */
    public record Payload(Map<String, String> headers, String body) {
    }

    /** Opens the sealed headers and body of a job (as returned by the pipeline's claim). */
    public Payload open(TenantId tenantId, JobId id, String keyId, byte[] headersSealed, byte[] bodySealed) {
        byte[] aad = associatedData(tenantId, id);
        Map<String, String> headers = json.readValue(cipher.open(new SecretCipher.Sealed(keyId, headersSealed), aad),
                STRING_MAP);
        String body = bodySealed == null ? null
                : new String(cipher.open(new SecretCipher.Sealed(keyId, bodySealed), aad), StandardCharsets.UTF_8);
        return new Payload(headers, body);
    }

    private DatabaseClient.GenericExecuteSpec bindDefinition(DatabaseClient.GenericExecuteSpec spec, TenantId tenantId,
                                                             JobId id, JobDefinition d) {
        for (Column column : columns(tenantId, id, d)) {
            spec = column.value() == null ? spec.bindNull(column.name(), column.type())
                    : spec.bind(column.name(), column.value());
        }
        return spec;
    }

    /** A parameter a job's definition is written with: its name, its value (sealed as stored) and its type. */
    private record Column(String name, Object value, Class<?> type) {

        static Column of(String name, Object value) {
            return new Column(name, value, value.getClass());
        }

        /**
         * The value as an element of the array {@link JobSql#INSERT_MANY} takes: JSON as text, sealed bytes in
         * Base64, instants as microseconds since the epoch.
         */
        Object element() {
            return switch (value) {
                case null -> null;
                case Json text -> text.asString();
                case ByteBuffer bytes -> Base64.getEncoder().encodeToString(bytes(bytes.duplicate()));
                case OffsetDateTime at -> micros(at.toInstant());
                default -> value;
            };
        }

        Class<?> elementType() {
            return Json.class.isAssignableFrom(type) || ByteBuffer.class.isAssignableFrom(type) ? String.class
                    : type == OffsetDateTime.class ? Long.class : type;
        }
    }

    /** The parameters of a job's definition, as {@link JobSql#INSERT}, {@link JobSql#UPDATE_DEFINITION} bind them. */
    private List<Column> columns(TenantId tenantId, JobId id, JobDefinition d) {
        JobDefinition.Schedule s = d.schedule();
        JobDefinition.Target t = d.target();
        byte[] aad = associatedData(tenantId, id);
        SecretCipher.Sealed headers = cipher.seal(json.writeValueAsBytes(t.headers()), aad);
        SecretCipher.Sealed body = t.body() == null ? null
                : cipher.seal(t.body().getBytes(StandardCharsets.UTF_8), aad);
        Duration retryWindow = d.retry().maxRetryWindow();
        JobDefinition.LongRunning longRunning = d.longRunning();
        return List.of(
                Column.of("id", id.value()),
                Column.of("tenantId", tenantId.value()),
                Column.of("name", d.name()),
                Column.of("labels", Json.of(json.writeValueAsString(d.labels()))),
                Column.of("schedule", Json.of(json.writeValueAsString(StoredSchedules.toMap(s)))),
                Column.of("scheduleType", s.type().wire()),
                Column.of("spreadMs", d.spread().toMillis()),
                Column.of("method", t.method()),
                Column.of("url", t.url().toString()),
                Column.of("headersSealed", ByteBuffer.wrap(headers.bytes())),
                Column.of("keyId", headers.keyId()),
                Column.of("retryMaxAttempts", d.retry().maxAttempts()),
                Column.of("retryInitialDelayMs", d.retry().initialDelay().toMillis()),
                Column.of("retryMaxDelayMs", d.retry().maxDelay().toMillis()),
                Column.of("timeoutMs", (int) d.timeout().toMillis()),
                Column.of("missedRunPolicy", d.missedRunPolicy().wire()),
                Column.of("backfillLimit", d.backfillLimit()),
                Column.of("overlapPolicy", d.overlapPolicy().wire()),
                Column.of("deliverySemantics", d.deliverySemantics().wire()),
                new Column("startAt", s.startAt() == null ? null : utc(s.startAt()), OffsetDateTime.class),
                new Column("endAt", s.endAt() == null ? null : utc(s.endAt()), OffsetDateTime.class),
                new Column("maxRuns", s.maxRuns(), Integer.class),
                new Column("retryMaxWindowMs", retryWindow == null ? null : retryWindow.toMillis(), Long.class),
                new Column("contentType", t.contentType(), String.class),
                new Column("longRunningMaxMs", longRunning == null ? null : longRunning.maxDuration().toMillis(),
                        Long.class),
                new Column("longRunningHeartbeatMs",
                        longRunning == null ? null : longRunning.heartbeatTimeout().toMillis(), Long.class),
                new Column("flowKeyTemplate", d.flow().keyTemplate(), String.class),
                new Column("flowKey", d.flow().key(), String.class),
                Column.of("priority", (short) d.flow().priority().code()),
                new Column("bodySealed", body == null ? null : ByteBuffer.wrap(body.bytes()), ByteBuffer.class));
    }

    private Job toJob(Readable row) {
        JobId id = new JobId(row.get("id", UUID.class));
        TenantId tenantId = new TenantId(row.get("tenant_id", UUID.class));
        ByteBuffer sealedBody = row.get("body_sealed", ByteBuffer.class);
        Payload payload = open(tenantId, id, row.get("key_id", String.class),
                bytes(row.get("headers_sealed", ByteBuffer.class)), sealedBody == null ? null : bytes(sealedBody));
        JobDefinition definition = new JobDefinition(
                row.get("name", String.class),
                json.readValue(row.get("labels", Json.class).asString(), STRING_MAP),
                StoredSchedules.parse(json.readValue(row.get("schedule", Json.class).asString(), OBJECT_MAP)),
                new JobDefinition.Target(URI.create(row.get("url", String.class)), row.get("method", String.class),
                        payload.headers(), payload.body(), row.get("content_type", String.class)),
                new JobDefinition.RetryPolicy(row.get("retry_max_attempts", Integer.class),
                        Duration.ofMillis(row.get("retry_initial_delay_ms", Long.class)),
                        Duration.ofMillis(row.get("retry_max_delay_ms", Long.class)),
                        row.get("retry_max_window_ms", Long.class) == null ? null
                                : Duration.ofMillis(row.get("retry_max_window_ms", Long.class))),
                Duration.ofMillis(row.get("timeout_ms", Integer.class)),
                JobDefinition.fromWire(JobDefinition.MissedRunPolicy.class, row.get("missed_run_policy", String.class)),
                row.get("backfill_limit", Integer.class),
                JobDefinition.fromWire(JobDefinition.OverlapPolicy.class, row.get("overlap_policy", String.class)),
                JobDefinition.fromWire(JobDefinition.DeliverySemantics.class,
                        row.get("delivery_semantics", String.class)),
                Duration.ofMillis(row.get("spread_ms", Long.class)),
                longRunning(row.get("long_running_max_ms", Long.class), row.get("long_running_heartbeat_ms", Long.class)),
                new JobDefinition.Flow(row.get("flow_key_template", String.class), row.get("flow_key", String.class),
                        JobDefinition.Priority.ofCode(row.get("priority", Short.class))));
        return new Job(id, tenantId, definition, JobState.fromWire(row.get("state", String.class)),
                instant(row, "next_fire_at"), instant(row, "next_run_at"), row.get("runs_planned", Integer.class),
                row.get("version", Integer.class), instant(row, "created_at"), instant(row, "updated_at"),
                row.get("paused_reason", String.class),
                row.get("running_runs", Long.class) == null ? 0 : row.get("running_runs", Long.class).intValue());
    }

    private static JobDefinition.LongRunning longRunning(Long maxMs, Long heartbeatMs) {
        return maxMs == null || heartbeatMs == null ? null
                : new JobDefinition.LongRunning(Duration.ofMillis(maxMs), Duration.ofMillis(heartbeatMs));
    }

    static byte[] associatedData(TenantId tenantId, JobId id) {
        return ("job_payload:" + tenantId + ":" + id).getBytes(StandardCharsets.US_ASCII);
    }

    private static <T> DatabaseClient.GenericExecuteSpec bindNullable(DatabaseClient.GenericExecuteSpec spec,
                                                                      String name, T value, Class<T> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }
}
