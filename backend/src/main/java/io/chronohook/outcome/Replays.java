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
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
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
 * gets a fresh retry budget and is signed with the tenant's current secret.
 */
@Service
public class Replays {

    static final String ID_PREFIX = "rpl_";
    static final int MAX_BULK = 100_000;
    private static final int CHUNK = 500;
    private static final Logger log = LoggerFactory.getLogger(Replays.class);

    private final RunStore runs;
    private final TimeGate gate;
    private final AuditStore audit;
    private final DatabaseClient db;
    private final Clock clock;

    public Replays(RunStore runs, TimeGate gate, AuditStore audit, DatabaseClient db, Clock clock) {
        this.runs = runs;
        this.gate = gate;
        this.audit = audit;
        this.db = db;
        this.clock = clock;
    }

    /** A bulk replay and how far it got. */
    public record Progress(String id, String jobId, Instant from, Instant to, String state, int total, int replayed,
                           Instant createdAt, Instant finishedAt) {
    }

    public Mono<Run> replayOne(Caller caller, RunId id) {
        TenantId tenantId = caller.tenantId();
        return runs.find(tenantId, id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("run " + id)))
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
        return runs.deadIds(tenantId, jobId, from, to, MAX_BULK).collectList().flatMap(ids -> {
            DatabaseClient.GenericExecuteSpec insert = db.sql(ReplaySql.INSERT)
                    .bind("id", id).bind("tenantId", tenantId.value()).bind("total", ids.size())
                    .bind("now", utc(now));
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
        return Flux.fromIterable(ids).buffer(CHUNK)
                .concatMap(chunk -> runs.replay(tenantId, chunk, clock.instant()).collectList()
                        .flatMap(replayed -> gate.offer(replayed)
                                .then(db.sql(ReplaySql.PROGRESS).bind("id", batch).bind("count", chunk.size())
                                        .then())))
                .then(finish(batch, "done"))
                .onErrorResume(error -> {
                    log.error("bulk replay {} failed", PrefixedIds.format(ID_PREFIX, batch), error);
                    return finish(batch, "failed");
                });
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
