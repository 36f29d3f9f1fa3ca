package io.chronohook.running;

import static io.chronohook.platform.Rows.instant;
import static io.chronohook.platform.Rows.utc;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.job.JobId;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The run and attempt rows of long-running work. */
@Repository
public class RunningStore {

    private final DatabaseClient db;
    private final OpenRunsFloor floor;

    public RunningStore(DatabaseClient db, OpenRunsFloor floor) {
        this.db = db;
        this.floor = floor;
    }

    /**
     * Issues a run token to each claimed run of a long-running job and records its hash before anything is sent; the
     * other runs are returned as they are. One statement for the batch, none when no run is long-running.
     */
    public Mono<List<ClaimedRun>> issueTokens(List<ClaimedRun> claimed) {
        List<ClaimedRun> issued = new ArrayList<>(claimed.size());
        List<UUID> ids = new ArrayList<>();
        List<Integer> attempts = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        for (ClaimedRun run : claimed) {
            if (run.longRunning() == null) {
                issued.add(run);
                continue;
            }
            String token = RunToken.issue(run.attempt());
            issued.add(run.withToken(token));
            ids.add(run.id().value());
            attempts.add(run.attempt());
            hashes.add(RunToken.hash(token));
        }
        if (ids.isEmpty()) {
            return Mono.just(issued);
        }
        return db.sql(RunningSql.ISSUE_TOKENS)
                .bind("ids", ids.toArray(UUID[]::new)).bind("attempts", attempts.toArray(Integer[]::new))
                .bind("hashes", hashes.toArray(String[]::new))
                .then().thenReturn(issued);
    }

    /** A run as long-running work sees it, with its job's retry policy and its plan's checkpoint limit. */
    public record RunningRun(RunId id, TenantId tenantId, JobId jobId, RunState state, int attempt, int attemptBase,
                             Instant scheduledFor, String tokenHash, boolean atMostOnce, int maxAttempts,
                             Duration initialDelay, Duration maxDelay, Duration maxRetryWindow, boolean longRunning,
                             int maxCheckpointBytes) {
    }

    public Mono<RunningRun> find(RunId id) {
        return db.sql(RunningSql.FIND).bind("id", id.value())
                .map(row -> {
                    Long window = row.get("retry_max_window_ms", Long.class);
                    return new RunningRun(new RunId(row.get("id", UUID.class)),
                            new TenantId(row.get("tenant_id", UUID.class)), new JobId(row.get("job_id", UUID.class)),
                            RunState.fromWire(row.get("state", String.class)), row.get("attempt", Integer.class),
                            row.get("attempt_base", Integer.class), instant(row, "scheduled_for"),
                            row.get("token_hash", String.class),
                            "at_most_once".equals(row.get("delivery_semantics", String.class)),
                            row.get("retry_max_attempts", Integer.class),
                            Duration.ofMillis(row.get("retry_initial_delay_ms", Long.class)),
                            Duration.ofMillis(row.get("retry_max_delay_ms", Long.class)),
                            window == null ? null : Duration.ofMillis(window),
                            row.get("long_running_max_ms", Long.class) != null,
                            row.get("max_checkpoint_bytes", Integer.class));
                })
                .one();
    }

    /** The token hash attempt {@code number} of the run was issued; empty when it had none. */
    public Mono<String> attemptTokenHash(RunId id, int number) {
        return db.sql(RunningSql.ATTEMPT_TOKEN).bind("id", id.value()).bind("number", number)
                .map(row -> java.util.Optional.ofNullable(row.get("token_hash", String.class)))
                .one()
                .flatMap(hash -> Mono.justOrEmpty(hash));
    }

    /**
     * What a heartbeat recorded: the run's state, its heartbeat deadline, its longest duration's end, and when the
     * heartbeat before it came (null for the first).
     */
    public record Beat(RunState state, Instant deadline, Instant runningDeadline, Instant previous) {
    }

    /** Records a heartbeat of the attempt in flight; empty when the run is no longer in that attempt. */
    public Mono<Beat> heartbeat(RunId id, TenantId tenantId, int attempt, Double fraction, String message,
                                String checkpoint, Instant now) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(RunningSql.HEARTBEAT)
                .bind("id", id.value()).bind("tenantId", tenantId.value()).bind("attempt", attempt)
                .bind("now", utc(now));
        spec = fraction == null ? spec.bindNull("progress", Float.class) : spec.bind("progress", fraction.floatValue());
        spec = message == null ? spec.bindNull("message", String.class) : spec.bind("message", message);
        spec = checkpoint == null ? spec.bindNull("checkpoint", String.class) : spec.bind("checkpoint", checkpoint);
        return spec.map(row -> new Beat(RunState.fromWire(row.get("state", String.class)),
                        instant(row, "lease_until"), instant(row, "running_deadline"), instant(row, "previous")))
                .one();
    }

    public Mono<Long> countRunning() {
        return floor.bound(db.sql(RunningSql.COUNT_RUNNING)).map(row -> row.get("running", Long.class)).one();
    }

    /**
     * Ends the attempt in flight (compare-and-set on its state and number), revoking its token, and notes on the
     * attempt row how it ended; empty when the run is no longer in that attempt.
     */
    /** An attempt ended: the run as the gate would hold it, and its state now. */
    public record Ended(RunStore.GateEntry entry, RunState state) {
    }

    public Mono<Ended> end(RunningRun run, RunState state, Instant nextDue, String error, String result,
                           String attemptEnd, Instant now) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(RunningSql.END)
                .bind("id", run.id().value()).bind("tenantId", run.tenantId().value()).bind("attempt", run.attempt())
                .bind("state", state.wire()).bind("now", utc(now));
        spec = nextDue == null ? spec.bindNull("nextDue", OffsetDateTime.class) : spec.bind("nextDue", utc(nextDue));
        spec = error == null ? spec.bindNull("error", String.class) : spec.bind("error", error);
        spec = result == null ? spec.bindNull("result", String.class) : spec.bind("result", result);
        return spec.map(row -> new Ended(RunStore.GateEntry.of(row),
                        RunState.fromWire(row.get("state", String.class))))
                .one()
                .flatMap(ended -> endAttempt(run.id(), run.attempt(), attemptEnd, error, now).thenReturn(ended));
    }

    private Mono<Void> endAttempt(RunId id, int attempt, String end, String error, Instant now) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(RunningSql.END_ATTEMPT)
                .bind("id", id.value()).bind("attempt", attempt).bind("end", end).bind("now", utc(now));
        spec = error == null ? spec.bindNull("error", String.class) : spec.bind("error", error);
        return spec.then();
    }

    /** A running run whose deadline passed: the heartbeat's, or its longest duration's when that came first. */
    public record Overdue(RunId id, TenantId tenantId, int attempt, Instant deadline, Instant runningDeadline) {

        /** True when the attempt ran out of its longest duration rather than of heartbeats. */
        public boolean ranTooLong() {
            return runningDeadline != null && !deadline.isBefore(runningDeadline);
        }
    }

    public Flux<Overdue> overdue(Instant now, int limit) {
        return floor.bound(db.sql(RunningSql.TIMED_OUT)).bind("now", utc(now)).bind("limit", limit)
                .map(row -> new Overdue(new RunId(row.get("id", UUID.class)),
                        new TenantId(row.get("tenant_id", UUID.class)), row.get("attempt", Integer.class),
                        instant(row, "lease_until"), instant(row, "running_deadline")))
                .all();
    }
}
