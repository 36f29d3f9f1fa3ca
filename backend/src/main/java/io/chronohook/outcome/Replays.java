package io.chronohook.outcome;

import static io.chronohook.platform.Rows.utc;
import static io.chronohook.platform.Rows.instant;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.Run;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateBacklog;
import io.chronohook.history.HistoryWindow;
import io.chronohook.node.LocalNode;
import io.chronohook.node.NodeProperties;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.springframework.transaction.reactive.TransactionalOperator;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Replays dead runs: one at once, or all dead runs of a job and/or a time range as a bulk replay that works in
 * chunks in the background and reports its progress. A replayed run keeps its id (the receiver's idempotency key),
 * gets a fresh retry budget and is signed with the tenant's current secret. A bulk replay belongs to the node that
 * works on it: each chunk is replayed and counted in one transaction, with the replay's cursor; if that node dies,
 * another {@linkplain #resumeOnce() takes it over} and goes on after the last chunk written.
 */
@Service
public class Replays {

    static final String ID_PREFIX = "rpl_";
    static final int MAX_BULK = 100_000;
    private static final Logger log = LoggerFactory.getLogger(Replays.class);

    private final RunStore runs;
    private final HistoryWindow window;
    private final GateBacklog gate;
    private final AuditStore audit;
    private final DatabaseClient db;
    private final Clock clock;
    private final TransactionalOperator tx;
    private final LocalNode node;
    private final Duration deadAfter;
    private final int chunk;

    public Replays(RunStore runs, GateBacklog gate, AuditStore audit, DatabaseClient db, TransactionalOperator tx,
                   LocalNode node, NodeProperties nodes, ReplayProperties settings, HistoryWindow window,
                   Clock clock) {
        this.chunk = settings.chunk();
        this.window = window;
        this.tx = tx;
        this.node = node;
        this.deadAfter = nodes.deadAfter();
        this.runs = runs;
        this.gate = gate;
        this.audit = audit;
        this.db = db;
        this.clock = clock;
    }

    /** A bulk replay and how far it got. */
    @Schema(description = "A bulk replay of dead runs and how far it got.")
    public record Progress(
            @Schema(description = "The bulk replay's id.", example = "rpl_0195a8f1c2d37e4f9a0b1c2d3e4f5a6b",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The job whose dead runs it replays; null when it covers every job.",
                    example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
            String jobId,
            @Schema(description = "It covers the runs that died at or after this instant; null for no lower bound.",
                    example = "2026-03-01T00:00:00Z")
            Instant from,
            @Schema(description = "It covers the runs that died before this instant; null for no upper bound.",
                    example = "2026-03-02T00:00:00Z")
            Instant to,
            @Schema(description = "`running` while it works (another instance takes it over if its own stops), then "
                    + "`done`, or `failed` when it could not go on.", example = "running",
                    allowableValues = {"running", "done", "failed"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String state,
            @Schema(description = "How many dead runs it covers, as selected when it started (at most 100,000).",
                    example = "1200", requiredMode = Schema.RequiredMode.REQUIRED)
            int total,
            @Schema(description = "How many of them it has gone through so far, in chunks (a run that was no longer "
                    + "dead when its chunk came, replayed meanwhile, counts too).", example = "500",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int replayed,
            @Schema(description = "When it started.", example = "2026-03-02T08:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt,
            @Schema(description = "When it ended, `done` or `failed`; null while `running`.",
                    example = "2026-03-02T08:00:05Z")
            Instant finishedAt) {
    }

    public Mono<Run> replayOne(Caller caller, RunId id) {
        TenantId tenantId = caller.tenantId();
        return runs.find(tenantId, id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("run " + id)))
                .flatMap(run -> window.require(tenantId, id).thenReturn(run))
                .flatMap(run -> runs.replay(tenantId, List.of(id), clock.instant()).collectList())
                .flatMap(replayed -> replayed.isEmpty()
                        ? Mono.error(new ApiException(HttpStatus.CONFLICT, "invalid_state",
                                "only a dead run can be replayed"))
                        : gate.offer(replayed)
                                .then(audit.record(tenantId, AuditEntry.by(caller, "run.replayed", "run",
                                        id.toString(), Map.of())))
                                .then(runs.find(tenantId, id)));
    }

    /** Starts a bulk replay; answers at once with its progress record. */
    public Mono<Progress> replayMany(Caller caller, JobId jobId, Instant from, Instant to) {
        TenantId tenantId = caller.tenantId();
        UUID id = Uuid7.next(clock);
        Instant now = clock.instant();
        return window.start(tenantId).flatMap(since -> runs.deadIds(tenantId, jobId, from, to, since, MAX_BULK)
                .collectList()).flatMap(ids -> {
            DatabaseClient.GenericExecuteSpec insert = db.sql(ReplaySql.INSERT)
                    .bind("id", id).bind("tenantId", tenantId.value()).bind("total", ids.size())
                    .bind("now", utc(now)).bind("owner", node.id().value());
            insert = ids.isEmpty() ? insert.bindNull("lastId", UUID.class)
                    : insert.bind("lastId", ids.getLast().value());
            insert = jobId == null ? insert.bindNull("jobId", UUID.class) : insert.bind("jobId", jobId.value());
            insert = from == null ? insert.bindNull("from", OffsetDateTime.class) : insert.bind("from", utc(from));
            insert = to == null ? insert.bindNull("to", OffsetDateTime.class) : insert.bind("to", utc(to));
            return insert.then()
                    .then(audit.record(tenantId, AuditEntry.by(caller, "runs.replayed", "replay",
                            PrefixedIds.format(ID_PREFIX, id), Map.of("total", ids.size()))))
                    .doOnSuccess(done -> work(tenantId, id, ids).subscribe())
                    .then(progress(tenantId, id));
        });
    }

    private Mono<Void> work(TenantId tenantId, UUID batch, List<RunId> ids) {
        return Flux.fromIterable(ids).buffer(chunk)
                .concatMap(chunk -> replayChunk(tenantId, batch, chunk).flatMap(gate::offer))
                .then(finish(batch, "done"))
                .onErrorResume(TakenOver.class, error -> {
                    log.info("bulk replay {} is now worked on by another node", PrefixedIds.format(ID_PREFIX, batch));
                    return Mono.empty();
                })
                .onErrorResume(error -> {
                    log.error("bulk replay {} failed", PrefixedIds.format(ID_PREFIX, batch), error);
                    return finish(batch, "failed");
                });
    }

    /** Replays a chunk and moves the replay's progress and cursor past it, together; emits the runs to offer. */
    private Mono<List<RunStore.GateEntry>> replayChunk(TenantId tenantId, UUID batch, List<RunId> chunk) {
        Instant now = clock.instant();
        return runs.replay(tenantId, chunk, now).collectList()
                .flatMap(replayed -> db.sql(ReplaySql.PROGRESS)
                        .bind("id", batch).bind("count", chunk.size()).bind("cursor", chunk.getLast().value())
                        .bind("now", utc(now)).bind("owner", node.id().value())
                        .fetch().rowsUpdated()
                        .flatMap(updated -> updated == 0 ? Mono.<List<RunStore.GateEntry>>error(new TakenOver())
                                : Mono.just(replayed)))
                .as(tx::transactional);
    }

    /** Takes over one bulk replay whose node died (if any) and works it to the end; emits how many runs it replayed. */
    public Mono<Integer> resumeOnce() {
        Instant now = clock.instant();
        return db.sql(ReplaySql.TAKE_OVER)
                .bind("owner", node.id().value()).bind("now", utc(now))
                .bind("deadBefore", utc(now.minus(deadAfter)))
                .bind("staleBefore", utc(now.minus(deadAfter.multipliedBy(3))))
                .map(row -> new Orphan(row.get("id", UUID.class), new TenantId(row.get("tenant_id", UUID.class)),
                        Optional.ofNullable(row.get("job_id", UUID.class)).map(JobId::new).orElse(null),
                        instant(row.get("dead_from", OffsetDateTime.class)),
                        instant(row.get("dead_to", OffsetDateTime.class)),
                        row.get("total", Integer.class) - row.get("replayed", Integer.class),
                        Optional.ofNullable(row.get("cursor_id", UUID.class)).map(RunId::new).orElse(null),
                        Optional.ofNullable(row.get("last_id", UUID.class)).map(RunId::new).orElse(null)))
                .one()
                .flatMap(orphan -> {
                    log.info("taking over bulk replay {}: {} runs left", PrefixedIds.format(ID_PREFIX, orphan.id()),
                            orphan.left());
                    // The selection was fixed when the replay began (ids up to its last one), within the window then.
                    return runs.deadIds(orphan.tenantId(), orphan.jobId(), orphan.from(), orphan.to(), Instant.EPOCH,
                                    orphan.cursor(), orphan.lastId(), Math.max(0, orphan.left()))
                            .collectList()
                            .flatMap(ids -> work(orphan.tenantId(), orphan.id(), ids).thenReturn(ids.size()));
                })
                .defaultIfEmpty(0);
    }

    /** A bulk replay taken over from a dead node: what it covers, and where it stopped. */
    private record Orphan(UUID id, TenantId tenantId, JobId jobId, Instant from, Instant to, int left, RunId cursor,
                          RunId lastId) {
    }

    /** Another node took the replay over (this one was taken for dead): it stops here. */
    private static final class TakenOver extends RuntimeException {
        TakenOver() {
            super("taken over", null, false, false);
        }
    }

    private Mono<Void> finish(UUID batch, String state) {
        return db.sql(ReplaySql.FINISH).bind("id", batch).bind("state", state).bind("now", utc(clock.instant()))
                .then();
    }

    public Mono<Progress> progress(TenantId tenantId, UUID id) {
        return db.sql(ReplaySql.FIND).bind("tenantId", tenantId.value()).bind("id", id)
                .map(row -> {
                    UUID job = row.get("job_id", UUID.class);
                    return new Progress(PrefixedIds.format(ID_PREFIX, id),
                            job == null ? null : new JobId(job).toString(),
                            instant(row.get("dead_from", OffsetDateTime.class)),
                            instant(row.get("dead_to", OffsetDateTime.class)),
                            row.get("state", String.class), row.get("total", Integer.class),
                            row.get("replayed", Integer.class),
                            instant(row.get("created_at", OffsetDateTime.class)),
                            instant(row.get("finished_at", OffsetDateTime.class)));
                })
                .one()
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("replay " + PrefixedIds.format(ID_PREFIX, id))));
    }
}
