package io.chronohook.schedule;

import static io.chronohook.platform.Rows.utc;
import static io.chronohook.platform.Rows.instant;
import static io.chronohook.platform.Rows.bytes;
import static io.chronohook.platform.Rows.micros;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.history.RunIdBounds;
import io.chronohook.job.JobId;
import io.chronohook.platform.KeyedReads;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Uuid7;
import io.r2dbc.spi.Readable;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Writes and reads runs and their attempts; tenant-scoped except for the pipeline's batch operations. */
@Repository
public class RunStore {

    /** How far below the top of a page of a job's runs the first read goes (see {@link #listForJob}). */
    static final Duration RECENT_PROBE = Duration.ofDays(1);

    private final DatabaseClient db;
    private final DatabaseClient keyed;
    private final OpenRunsFloor floor;
    private final RunIdBounds runIds;
    private final Clock clock;

    public RunStore(DatabaseClient db, KeyedReads keyed, OpenRunsFloor floor, RunIdBounds runIds, Clock clock) {
        this.db = db;
        this.keyed = keyed.client();
        this.floor = floor;
        this.runIds = runIds;
        this.clock = clock;
    }

    /**
     * A run the gate must hold until {@code dueAt}, in its tenant's {@code lane}: its priority and flow key
     * ({@link #lane}); null for the tenant's default lane (normal priority, no key).
     */
    public record GateEntry(RunId id, TenantId tenantId, Instant dueAt, String lane) {

        /** An entry in the tenant's default lane. */
        public GateEntry(RunId id, TenantId tenantId, Instant dueAt) {
            this(id, tenantId, dueAt, null);
        }

        /** The lane of a run of this priority (0 high, 1 normal, 2 low) and flow key: the digit, then the key. */
        public static String lane(Short priority, String flowKey) {
            int level = priority == null ? 1 : priority;
            return level == 1 && flowKey == null ? null : level + (flowKey == null ? "" : flowKey);
        }

        /** The entry of a row with {@code id, tenant_id, due_at, flow_key, priority}. */
        public static GateEntry of(Readable row) {
            return new GateEntry(new RunId(row.get("id", UUID.class)), new TenantId(row.get("tenant_id", UUID.class)),
                    row.get("due_at", OffsetDateTime.class).toInstant(),
                    lane(row.get("priority", Short.class), row.get("flow_key", String.class)));
        }

        /** This entry due at another time. */
        public GateEntry at(Instant when) {
            return new GateEntry(id, tenantId, when, lane);
        }
    }

    /** Inserts runs in one statement; returns those written (an occurrence that already had a run is skipped). */
    public Flux<GateEntry> insertAll(List<NewRun> runs, Instant now) {
        if (runs.isEmpty()) {
            return Flux.empty();
        }
        int n = runs.size();
        UUID[] ids = new UUID[n];
        UUID[] tenants = new UUID[n];
        UUID[] jobs = new UUID[n];
        Long[] scheduled = new Long[n];
        Long[] due = new Long[n];
        String[] states = new String[n];
        String[] triggers = new String[n];
        String[] reasons = new String[n];
        for (int i = 0; i < n; i++) {
            NewRun run = runs.get(i);
            ids[i] = run.id().value();
            tenants[i] = run.tenantId().value();
            jobs[i] = run.jobId().value();
            scheduled[i] = micros(run.scheduledFor());
            due[i] = micros(run.dueAt());
            states[i] = run.state().wire();
            triggers[i] = run.trigger();
            reasons[i] = run.skipReason();
        }
        return db.sql(RunSql.INSERT_MANY)
                .bind("ids", ids).bind("tenantIds", tenants).bind("jobIds", jobs)
                .bind("scheduledUs", scheduled).bind("dueUs", due).bind("states", states)
                .bind("triggers", triggers).bind("skipReasons", reasons)
                .bind("now", utc(now))
                .map(row -> RunState.SKIPPED.wire().equals(row.get("state", String.class)) ? Optional.<GateEntry>empty()
                        : Optional.of(GateEntry.of(row)))
                .all()
                .flatMap(Mono::justOrEmpty);
    }

    public Mono<Run> find(TenantId tenantId, RunId id) {
        return find(db, tenantId, id);
    }

    /** {@link #find}, as committed, for the API's reads outside any transaction ({@link KeyedReads}). */
    public Mono<Run> read(TenantId tenantId, RunId id) {
        return find(keyed, tenantId, id);
    }

    private static Mono<Run> find(DatabaseClient client, TenantId tenantId, RunId id) {
        return client.sql(RunSql.FIND).bind("tenantId", tenantId.value()).bind("id", id.value())
                .map(RunStore::toRun).one();
    }

    /**
     * A job's runs scheduled at or after {@code since} (the tenant's history window), newest first. The page is read
     * from the day before its top first (up to {@link RunIdBounds#ceiling()}, so no partition made ahead for the days
     * to come), and from further back only when that day did not fill it: a job that runs often is listed from one or two partitions, not from every day kept.
     * Reads what is committed ({@link KeyedReads}): not for use inside a transaction that wrote the job's runs.
     */
    public Mono<Page<Run>> listForJob(TenantId tenantId, JobId jobId, RunState state, Instant since,
                                      PageRequest page) {
        Instant top = page.after().map(Uuid7::instantOf).orElseGet(clock::instant);
        Instant recent = top.minus(RECENT_PROBE);
        if (!recent.isAfter(since)) {
            return listSlice(tenantId, jobId, state, page.after(), since, page.fetchSize())
                    .map(rows -> page.page(rows, run -> run.id().value(), run -> run));
        }
        return listSlice(tenantId, jobId, state, page.after(), recent, page.fetchSize())
                .flatMap(rows -> rows.size() >= page.fetchSize() ? Mono.just(rows)
                        : listSlice(tenantId, jobId, state, Optional.of(Uuid7.floor(recent)), since,
                                page.fetchSize() - rows.size())
                                .map(older -> Stream.concat(rows.stream(), older.stream()).toList()))
                .map(rows -> page.page(rows, run -> run.id().value(), run -> run));
    }

    /** Up to {@code limit} of a job's runs with ids below {@code after} (if any) and from {@code since}, newest first. */
    private Mono<List<Run>> listSlice(TenantId tenantId, JobId jobId, RunState state, Optional<UUID> after,
                                      Instant since, int limit) {
        DatabaseClient.GenericExecuteSpec spec = after
                .map(id -> keyed.sql(RunSql.LIST_FOR_JOB_AFTER).bind("after", id))
                .orElseGet(() -> keyed.sql(RunSql.LIST_FOR_JOB_FIRST).bind("ceiling", runIds.ceiling()))
                .bind("limit", limit)
                .bind("tenantId", tenantId.value())
                .bind("jobId", jobId.value())
                .bind("since", Uuid7.floor(since));
        spec = state == null ? spec.bindNull("state", String.class) : spec.bind("state", state.wire());
        return spec.map(RunStore::toRun).all().collectList();
    }

    public Flux<Attempt> attempts(TenantId tenantId, RunId runId) {
        return db.sql(RunSql.ATTEMPTS).bind("tenantId", tenantId.value()).bind("runId", runId.value())
                .map(row -> new Attempt(
                        row.get("number", Integer.class),
                        instant(row, "started_at"),
                        instant(row, "first_byte_at"),
                        instant(row, "finished_at"),
                        row.get("status_code", Integer.class),
                        row.get("latency_ms", Integer.class),
                        row.get("outcome", String.class),
                        row.get("error_class", String.class),
                        row.get("error", String.class),
                        row.get("response_excerpt", String.class),
                        row.get("trace_id", String.class),
                        row.get("request_head", String.class),
                        row.get("response_headers", String.class),
                        row.get("payload_version", Integer.class),
                        row.get("running_end", String.class),
                        instant(row, "running_until"),
                        row.get("running_error", String.class)))
                .all();
    }

    /** Cancels the job's runs that have not started delivering; returns how many. */
    public Mono<Long> cancelPendingOfJob(TenantId tenantId, JobId jobId, Instant now) {
        return db.sql(RunSql.CANCEL_PENDING_OF_JOB)
                .bind("tenantId", tenantId.value()).bind("jobId", jobId.value()).bind("now", utc(now))
                .fetch().rowsUpdated();
    }

    /**
     * As the job is paused: takes back its occurrences planned ahead and not yet released (the job is moved back to
     * the first of them) and cancels its other runs not yet delivering; returns how many runs were either.
     */
    public Mono<Long> pausePendingOfJob(TenantId tenantId, JobId jobId, Instant now) {
        return db.sql(RunSql.PAUSE_PENDING_OF_JOB)
                .bind("tenantId", tenantId.value()).bind("jobId", jobId.value()).bind("now", utc(now))
                .map(row -> row.get("runs", Long.class)).one();
    }

    /** Cancels the job's planned, not yet released runs (its schedule changed); returns how many. */
    public Mono<Long> cancelScheduledOfJob(TenantId tenantId, JobId jobId, Instant now) {
        return db.sql(RunSql.CANCEL_SCHEDULED_OF_JOB)
                .bind("tenantId", tenantId.value()).bind("jobId", jobId.value()).bind("now", utc(now))
                .fetch().rowsUpdated();
    }

    /** True when the run was cancelled; false when it had already started or finished. */
    public Mono<Boolean> cancel(TenantId tenantId, RunId id, Instant now) {
        return db.sql(RunSql.CANCEL)
                .bind("tenantId", tenantId.value()).bind("id", id.value()).bind("now", utc(now))
                .map(row -> row.get("id", UUID.class)).all().hasElements();
    }

    /** Which runs a claim takes. */
    public enum Claiming {
        /** Every run still waiting. */
        ANY(RunSql.CLAIM),
        /** The waiting runs of jobs that allow overlap, whatever else of theirs is in flight. */
        OVERLAP_ALLOWED(RunSql.CLAIM_OVERLAP_ALLOWED);

        private final String sql;

        Claiming(String sql) {
            this.sql = sql;
        }
    }

    /** Claims released runs (compare-and-set each) for {@code node} under a lease; returns those this caller won. */
    public Flux<ClaimedRun> claim(UUID node, List<RunId> ids, List<Instant> releasedAt, Instant now,
                                  Duration leaseMargin, Claiming which) {
        if (ids.isEmpty()) {
            return Flux.empty();
        }
        UUID[] uuids = ids.stream().map(RunId::value).toArray(UUID[]::new);
        Long[] released = releasedAt.stream().map(instant -> micros(instant)).toArray(Long[]::new);
        return db.sql(which.sql)
                .bind("ids", uuids).bind("releasedUs", released)
                .bind("now", utc(now)).bind("dueBy", utc(now.plusSeconds(1))).bind("node", node)
                .bind("leaseMarginMs", leaseMargin.toMillis())
                .map(row -> {
                    ByteBuffer body = row.get("body_sealed", ByteBuffer.class);
                    Long window = row.get("retry_max_window_ms", Long.class);
                    Long runningMs = row.get("long_running_max_ms", Long.class);
                    Long heartbeatMs = row.get("long_running_heartbeat_ms", Long.class);
                    return new ClaimedRun(
                            new RunId(row.get("id", UUID.class)),
                            new TenantId(row.get("tenant_id", UUID.class)),
                            new JobId(row.get("job_id", UUID.class)),
                            instant(row, "scheduled_for"),
                            row.get("attempt", Integer.class),
                            row.get("attempt_base", Integer.class),
                            instant(row, "released_at"),
                            URI.create(row.get("url", String.class)),
                            row.get("method", String.class),
                            row.get("content_type", String.class),
                            row.get("key_id", String.class),
                            bytes(row.get("headers_sealed", ByteBuffer.class)),
                            body == null ? null : bytes(body),
                            Duration.ofMillis(row.get("timeout_ms", Integer.class)),
                            "at_most_once".equals(row.get("delivery_semantics", String.class)),
                            row.get("retry_max_attempts", Integer.class),
                            Duration.ofMillis(row.get("retry_initial_delay_ms", Long.class)),
                            Duration.ofMillis(row.get("retry_max_delay_ms", Long.class)),
                            window == null ? null : Duration.ofMillis(window),
                            row.get("payload_version", Integer.class),
                            runningMs == null || heartbeatMs == null ? null : new ClaimedRun.LongRunning(
                                    Duration.ofMillis(runningMs), Duration.ofMillis(heartbeatMs)),
                            row.get("checkpoint", String.class),
                            null,
                            row.get("flow_key", String.class),
                            Boolean.TRUE.equals(row.get("last_occurrence", Boolean.class)),
                            instant(row, "due_at"));
                })
                .all();
    }

    /**
     * Writes attempt rows (for attempts that went out) and moves their runs on, in two statements; returns the runs
     * whose state moved, with their due time (those going back to the gate need offering).
     */
    public Flux<GateEntry> finish(List<FinishedAttempt> finished, Instant now) {
        if (finished.isEmpty()) {
            return Flux.empty();
        }
        List<FinishedAttempt> sent = finished.stream().filter(FinishedAttempt::counted).toList();
        List<FinishedAttempt> running = finished.stream()
                .filter(attempt -> attempt.nextState() == RunState.RUNNING).toList();
        List<FinishedAttempt> ended = running.isEmpty() ? finished
                : finished.stream().filter(attempt -> attempt.nextState() != RunState.RUNNING).toList();
        return insertAttempts(sent).then(startRunning(running, now)).thenMany(Flux.defer(() -> finishAttempts(ended, now)));
    }

    /** Runs whose long-running attempt was accepted (202): now running, under their heartbeat deadline. */
    private Mono<Void> startRunning(List<FinishedAttempt> accepted, Instant now) {
        if (accepted.isEmpty()) {
            return Mono.empty();
        }
        int n = accepted.size();
        UUID[] ids = new UUID[n];
        Integer[] attempts = new Integer[n];
        Long[] started = new Long[n];
        Integer[] codes = new Integer[n];
        String[] traceIds = new String[n];
        for (int i = 0; i < n; i++) {
            FinishedAttempt f = accepted.get(i);
            ids[i] = f.runId().value();
            attempts[i] = f.attempt();
            started[i] = micros(f.startedAt());
            codes[i] = f.statusCode();
            traceIds[i] = f.traceId();
        }
        return db.sql(RunSql.START_RUNNING)
                .bind("ids", ids).bind("attempts", attempts).bind("startedUs", started).bind("statusCodes", codes)
                .bind("traceIds", traceIds).bind("now", utc(now))
                .map(row -> row.get("id", UUID.class)).all().then();
    }

    private Flux<GateEntry> finishAttempts(List<FinishedAttempt> finished, Instant now) {
        if (finished.isEmpty()) {
            return Flux.empty();
        }
        return Flux.defer(() -> {
            int n = finished.size();
            UUID[] ids = new UUID[n];
            Integer[] attempts = new Integer[n];
            String[] states = new String[n];
            Long[] nextDue = new Long[n];
            Long[] started = new Long[n];
            Long[] ended = new Long[n];
            Integer[] codes = new Integer[n];
            String[] errors = new String[n];
            String[] traceIds = new String[n];
            Boolean[] counted = new Boolean[n];
            String[] errorClasses = new String[n];
            String[] hosts = new String[n];
            for (int i = 0; i < n; i++) {
                FinishedAttempt f = finished.get(i);
                ids[i] = f.runId().value();
                attempts[i] = f.attempt();
                states[i] = f.nextState().wire();
                nextDue[i] = f.nextDueAt() == null ? null : micros(f.nextDueAt());
                started[i] = micros(f.startedAt());
                ended[i] = micros(f.finishedAt());
                codes[i] = f.statusCode();
                errors[i] = f.error();
                traceIds[i] = f.traceId();
                counted[i] = f.counted();
                errorClasses[i] = f.errorClass();
                hosts[i] = f.targetHost();
            }
            return db.sql(RunSql.FINISH_ATTEMPTS)
                    .bind("ids", ids).bind("attempts", attempts).bind("states", states)
                    .bind("nextDueUs", nextDue).bind("startedUs", started).bind("finishedUs", ended)
                    .bind("statusCodes", codes).bind("errors", errors).bind("traceIds", traceIds)
                    .bind("counted", counted).bind("errorClasses", errorClasses).bind("hosts", hosts)
                    .bind("now", utc(now))
                    .map(row -> RunState.RETRY_WAIT.wire().equals(row.get("state", String.class))
                            ? Optional.of(GateEntry.of(row)) : Optional.<GateEntry>empty())
                    .all()
                    .flatMap(Mono::justOrEmpty);
        });
    }

    private Mono<Void> insertAttempts(List<FinishedAttempt> sent) {
        if (sent.isEmpty()) {
            return Mono.empty();
        }
        int n = sent.size();
        UUID[] runIds = new UUID[n];
        Integer[] numbers = new Integer[n];
        UUID[] tenants = new UUID[n];
        Long[] started = new Long[n];
        Long[] firstByte = new Long[n];
        Long[] ended = new Long[n];
        Integer[] codes = new Integer[n];
        Integer[] latencies = new Integer[n];
        String[] outcomes = new String[n];
        String[] errorClasses = new String[n];
        String[] errors = new String[n];
        String[] excerpts = new String[n];
        String[] traceIds = new String[n];
        String[] hosts = new String[n];
        String[] requestHeads = new String[n];
        String[] responseHeaders = new String[n];
        Integer[] payloadVersions = new Integer[n];
        Integer[] requestBytes = new Integer[n];
        for (int i = 0; i < n; i++) {
            FinishedAttempt f = sent.get(i);
            if (f.exchange() != null) {
                requestHeads[i] = f.exchange().requestHead();
                responseHeaders[i] = f.exchange().responseHeaders();
                payloadVersions[i] = f.exchange().payloadVersion();
                requestBytes[i] = f.exchange().requestBytes();
            }
            runIds[i] = f.runId().value();
            numbers[i] = f.attempt();
            tenants[i] = f.tenantId().value();
            started[i] = micros(f.startedAt());
            firstByte[i] = f.firstByteAt() == null ? null : micros(f.firstByteAt());
            ended[i] = micros(f.finishedAt());
            codes[i] = f.statusCode();
            latencies[i] = f.latencyMs();
            outcomes[i] = f.outcome();
            errorClasses[i] = f.errorClass();
            errors[i] = f.error();
            excerpts[i] = f.responseExcerpt();
            traceIds[i] = f.traceId();
            hosts[i] = f.targetHost();
        }
        return db.sql(RunSql.INSERT_ATTEMPTS)
                .bind("runIds", runIds).bind("numbers", numbers).bind("tenantIds", tenants)
                .bind("startedUs", started).bind("firstByteUs", firstByte).bind("finishedUs", ended)
                .bind("statusCodes", codes).bind("latencies", latencies).bind("outcomes", outcomes)
                .bind("errorClasses", errorClasses).bind("errors", errors).bind("excerpts", excerpts)
                .bind("traceIds", traceIds).bind("hosts", hosts).bind("requestHeads", requestHeads)
                .bind("responseHeaders", responseHeaders).bind("payloadVersions", payloadVersions)
                .bind("requestBytes", requestBytes)
                .then();
    }

    /** Dead runs scheduled at or after {@code since} (the tenant's history window), newest first. */
    public Mono<Page<Run>> dead(TenantId tenantId, JobId jobId, Instant since, PageRequest page) {
        DatabaseClient.GenericExecuteSpec spec = page.query(db, RunSql.DEAD_FIRST, RunSql.DEAD_AFTER)
                .bind("tenantId", tenantId.value())
                .bind("since", Uuid7.floor(since));
        spec = jobId == null ? spec.bindNull("jobId", UUID.class) : spec.bind("jobId", jobId.value());
        return spec.map(RunStore::toRun).all().collectList()
                .map(rows -> page.page(rows, run -> run.id().value(), run -> run));
    }

    /** Replays those of {@code ids} that are dead; returns the runs replayed. */
    public Flux<GateEntry> replay(TenantId tenantId, List<RunId> ids, Instant now) {
        return db.sql(RunSql.REPLAY)
                .bind("tenantId", tenantId.value())
                .bind("ids", ids.stream().map(RunId::value).toArray(UUID[]::new))
                .bind("now", utc(now))
                .map(GateEntry::of).all();
    }

    /** Ids of the dead runs matching a bulk replay's filter (at most {@code limit}). */
    public Flux<RunId> deadIds(TenantId tenantId, JobId jobId, Instant from, Instant to, Instant since, int limit) {
        return deadIds(tenantId, jobId, from, to, since, null, null, limit);
    }

    /** Dead runs of a bulk replay's selection with ids in ({@code after}, {@code upTo}], either bound optional. */
    public Flux<RunId> deadIds(TenantId tenantId, JobId jobId, Instant from, Instant to, Instant since, RunId after,
                               RunId upTo, int limit) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(RunSql.DEAD_IDS).bind("tenantId", tenantId.value())
                .bind("since", Uuid7.floor(since)).bind("limit", limit);
        spec = after == null ? spec.bindNull("after", UUID.class) : spec.bind("after", after.value());
        spec = upTo == null ? spec.bindNull("upTo", UUID.class) : spec.bind("upTo", upTo.value());
        spec = jobId == null ? spec.bindNull("jobId", UUID.class) : spec.bind("jobId", jobId.value());
        spec = from == null ? spec.bindNull("from", OffsetDateTime.class) : spec.bind("from", utc(from));
        spec = to == null ? spec.bindNull("to", OffsetDateTime.class) : spec.bind("to", utc(to));
        return spec.map(row -> new RunId(row.get("id", UUID.class))).all();
    }

    /** A run whose job may not overlap and has another run in flight: the job's overlap policy, the run's due time. */
    public record Overlap(String policy, Instant dueAt) {
    }

    /**
     * Of the given runs, those whose job may not overlap and has another run in flight (allow jobs left out) — or
     * another run among the given ones due before it (or at the same time, with a lower id): of one job's runs taken
     * together, only the first may go, the others overlap it.
     */
    public Mono<java.util.Map<RunId, Overlap>> overlapping(List<RunId> ids) {
        if (ids.isEmpty()) {
            return Mono.just(java.util.Map.of());
        }
        // Two steps: which of the runs belong to jobs that may not overlap (read from the runs' own partitions), and
        // only when there are any, which of those jobs have a run in flight (over the small in-flight index).
        record Candidate(RunId run, UUID job, Overlap overlap) {
        }
        return db.sql(RunSql.MAY_NOT_OVERLAP).bind("ids", ids.stream().map(RunId::value).toArray(UUID[]::new))
                .map(row -> new Candidate(new RunId(row.get("id", UUID.class)), row.get("job_id", UUID.class),
                        new Overlap(row.get("overlap_policy", String.class), instant(row, "due_at"))))
                .all().collectList()
                .flatMap(candidates -> candidates.isEmpty() ? Mono.just(java.util.Map.<RunId, Overlap>of())
                        : floor.bound(db.sql(RunSql.IN_FLIGHT_JOBS))
                                .bind("jobIds", candidates.stream().map(Candidate::job).distinct()
                                        .toArray(UUID[]::new))
                                .map(row -> row.get("job_id", UUID.class)).all().collectList()
                                .map(busy -> {
                                    java.util.Map<UUID, Candidate> first = new java.util.HashMap<>();
                                    java.util.Comparator<Candidate> order = java.util.Comparator
                                            .comparing((Candidate c) -> c.overlap().dueAt())
                                            .thenComparing(c -> c.run().value());
                                    candidates.forEach(c -> first.merge(c.job(), c,
                                            (one, other) -> order.compare(one, other) <= 0 ? one : other));
                                    return candidates.stream()
                                            .filter(c -> busy.contains(c.job()) || first.get(c.job()) != c)
                                            .collect(java.util.stream.Collectors.toMap(Candidate::run,
                                                    Candidate::overlap));
                                }));
    }

    public Mono<Long> skipOverlapping(List<RunId> ids, Instant now) {
        if (ids.isEmpty()) {
            return Mono.just(0L);
        }
        return db.sql(RunSql.SKIP_OVERLAPPING).bind("ids", ids.stream().map(RunId::value).toArray(UUID[]::new))
                .bind("now", utc(now)).fetch().rowsUpdated();
    }

    /** Rescues runs with expired leases; returns those queued again (to offer to the gate). */
    /**
     * Moves on the runs whose lease expired before {@code now} or whose node has been silent since before
     * {@code deadBefore} (or stopped without recording them).
     */
    public Flux<RescuedRun> rescueExpiredLeases(Instant now, Instant deadBefore, int limit) {
        return floor.bound(db.sql(RunSql.RESCUE_EXPIRED_LEASES))
                .bind("now", utc(now)).bind("deadBefore", utc(deadBefore)).bind("limit", limit)
                .bind("error", "the attempt was lost: its instance stopped before recording an outcome")
                .map(row -> new RescuedRun(GateEntry.of(row),
                        RunState.fromWire(row.get("state", String.class)), row.get("attempt", Integer.class)))
                .all();
    }

    /** Pushes out the leases of {@code node}'s runs whose outcomes are waiting to be written. */
    public Mono<Long> extendLeases(UUID node, Collection<UUID> ids, Instant until, Instant now) {
        if (ids.isEmpty()) {
            return Mono.just(0L);
        }
        return db.sql(RunSql.EXTEND_LEASES)
                .bind("ids", ids.toArray(UUID[]::new)).bind("until", utc(until)).bind("node", node)
                .fetch().rowsUpdated();
    }

    /** A run whose lease expired, moved on: {@code QUEUED} for another attempt, or {@code DEAD} with its budget spent. */
    public record RescuedRun(GateEntry entry, RunState state, int attempt) {
    }

    /** One keyset page of the live runs due before {@code horizon}, after the given position. */
    public Flux<GateEntry> liveDueBefore(Instant horizon, Instant afterDue, UUID afterId, int limit) {
        return floor.bound(db.sql(RunSql.LIVE_DUE_BEFORE))
                .bind("horizon", utc(horizon)).bind("afterDue", utc(afterDue)).bind("afterId", afterId)
                .bind("limit", limit)
                .map(GateEntry::of).all();
    }

    public Flux<GateEntry> overdue(Instant before, int limit) {
        return floor.bound(db.sql(RunSql.OVERDUE)).bind("before", utc(before)).bind("limit", limit)
                .map(GateEntry::of).all();
    }

    static Run toRun(Readable row) {
        Float progress = row.get("progress", Float.class);
        return new Run(
                new RunId(row.get("id", UUID.class)),
                new TenantId(row.get("tenant_id", UUID.class)),
                new JobId(row.get("job_id", UUID.class)),
                instant(row, "scheduled_for"),
                instant(row, "due_at"),
                RunState.fromWire(row.get("state", String.class)),
                row.get("attempt", Integer.class),
                row.get("trigger", String.class),
                instant(row, "released_at"),
                instant(row, "claimed_at"),
                instant(row, "first_attempt_at"),
                instant(row, "finished_at"),
                row.get("last_status_code", Integer.class),
                row.get("last_error", String.class),
                row.get("trace_id", String.class),
                progress == null ? null : progress.doubleValue(),
                row.get("checkpoint", String.class),
                row.get("skip_reason", String.class),
                Run.Deferral.of(row.get("deferred_reason", String.class), row.get("deferred_host", String.class),
                        instant(row, "deferred_at"), instant(row, "deferred_until"),
                        row.get("deferred_count", Integer.class)),
                Run.Running.of(instant(row, "running_since"), instant(row, "heartbeat_at"),
                        row.get("progress_message", String.class),
                        "running".equals(row.get("state", String.class)) ? instant(row, "lease_until") : null,
                        instant(row, "running_deadline"), row.get("result", String.class)));
    }
}
