package io.chronohook.schedule;

import io.chronohook.platform.Rows;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobDefinition;
import io.chronohook.job.JobId;
import io.chronohook.job.Schedules;
import io.chronohook.job.timing.Spread;
import io.chronohook.observability.PipelineMetrics;
import io.chronohook.platform.Uuid7;
import io.chronohook.timegate.GateBacklog;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns due occurrences into runs. Each round locks a slice of due jobs ({@code SKIP LOCKED}, so instances share the
 * work without a leader), writes their runs in one statement, advances the jobs, commits, then offers the runs to
 * the time gate. Its cost follows the due slice, not the number of registered jobs.
 */
@Component
public class Planner {

    private static final Logger log = LoggerFactory.getLogger(Planner.class);
    private static final TypeReference<Map<String, Object>> OBJECT_MAP = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final RunStore runs;
    private final GateBacklog gate;
    private final PlannerProperties properties;
    private final Duration horizon;
    private final JsonMapper json;
    private final PipelineMetrics metrics;
    private final Clock clock;

    public Planner(DatabaseClient db, TransactionalOperator tx, RunStore runs, GateBacklog gate,
                   PlannerProperties properties, io.chronohook.timegate.GateProperties gateProperties,
                   JsonMapper json, PipelineMetrics metrics, Clock clock) {
        this.db = db;
        this.tx = tx;
        this.runs = runs;
        this.gate = gate;
        this.properties = properties;
        this.horizon = gateProperties.horizon();
        this.json = json;
        this.metrics = metrics;
        this.clock = clock;
    }

    private record DueJob(JobId id, TenantId tenantId, JobDefinition.Schedule schedule, Duration spread,
                          Instant nextFireAt, int runsPlanned, JobDefinition.MissedRunPolicy policy,
                          int backfillLimit) {
    }

    /** One planning round; returns the number of jobs planned (zero when nothing was due). */
    public Mono<Integer> runOnce() {
        long started = System.nanoTime();
        Instant now = clock.instant();
        // A job is taken when its next occurrence enters the horizon, and planned up to its reach past it: a frequent
        // job gets several occurrences (and one rewrite of its row) each time it is taken.
        Instant until = now.plus(horizon);
        List<RunStore.GateEntry> written = new ArrayList<>();
        return db.sql(PlannerSql.LOCK_DUE_JOBS)
                .bind("horizon", Rows.utc(until))
                .bind("limit", properties.batch())
                .map(this::toDueJob)
                .all()
                .collectList()
                .flatMap(jobs -> plan(jobs, now, until, written).thenReturn(jobs.size()))
                .as(tx::transactional)
                // Kept and handed over again while Redis does not answer; safe in Postgres meanwhile.
                .flatMap(planned -> gate.offer(written).thenReturn(planned))
                .doOnNext(planned -> metrics.planned(planned, written.size(),
                        Duration.ofNanos(System.nanoTime() - started)));
    }

    private Mono<Void> plan(List<DueJob> jobs, Instant now, Instant until, List<RunStore.GateEntry> written) {
        if (jobs.isEmpty()) {
            return Mono.empty();
        }
        List<NewRun> newRuns = new ArrayList<>();
        UUID[] ids = new UUID[jobs.size()];
        Long[] next = new Long[jobs.size()];
        Integer[] planned = new Integer[jobs.size()];
        Instant missedBefore = now.minus(properties.missedAfter());
        int occurrencesPerJob = properties.occurrencesPerJob(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            DueJob job = jobs.get(i);
            OccurrencePlan plan;
            try {
                plan = OccurrencePlan.of(Schedules.of(job.schedule()), job.nextFireAt(), missedBefore,
                        until.plus(reach(job.id())),
                        job.policy(), job.backfillLimit(), job.schedule().maxRuns(), job.runsPlanned(),
                        occurrencesPerJob);
            } catch (RuntimeException e) {
                log.error("job {} has a schedule that cannot be computed; completing it", job.id(), e);
                plan = new OccurrencePlan(List.of(), List.of(), null);
            }
            Duration offset = Spread.offset(job.id().toString(), job.spread());
            for (Instant occurrence : plan.fire()) {
                newRuns.add(new NewRun(occurrenceId(job, occurrence), job.tenantId(), job.id(), occurrence,
                        occurrence.plus(offset), RunState.SCHEDULED, "schedule", null));
            }
            for (Instant occurrence : plan.skipped()) {
                newRuns.add(new NewRun(occurrenceId(job, occurrence), job.tenantId(), job.id(), occurrence,
                        occurrence, RunState.SKIPPED, "schedule", "missed"));
            }
            ids[i] = job.id().value();
            next[i] = plan.next() == null ? null : Rows.micros(plan.next());
            planned[i] = plan.fire().size();
        }
        return runs.insertAll(newRuns, now)
                .doOnNext(written::add)
                .then(db.sql(PlannerSql.ADVANCE_JOBS)
                        .bind("ids", ids).bind("nextUs", next).bind("planned", planned)
                        .then());
    }

    /**
     * How far past the horizon a job is planned when taken: between half the reach and all of it, the same for a job
     * every time, so that jobs created together come due in different rounds rather than all in the same one.
     */
    Duration reach(JobId id) {
        Duration reach = properties.reach();
        long share = Math.floorMod(id.value().getLeastSignificantBits(), 1000L);
        return reach.dividedBy(2).plus(reach.dividedBy(2).multipliedBy(share).dividedBy(1000));
    }

    private DueJob toDueJob(Readable row) {
        JobDefinition.Schedule schedule = io.chronohook.job.StoredSchedules.parse(
                json.readValue(row.get("schedule", Json.class).asString(), OBJECT_MAP));
        return new DueJob(
                new JobId(row.get("id", UUID.class)),
                new TenantId(row.get("tenant_id", UUID.class)),
                schedule,
                Duration.ofMillis(row.get("spread_ms", Long.class)),
                row.get("next_fire_at", OffsetDateTime.class).toInstant(),
                row.get("runs_planned", Integer.class),
                JobDefinition.MissedRunPolicy.valueOf(row.get("missed_run_policy", String.class).toUpperCase()),
                row.get("backfill_limit", Integer.class));
    }

    /** The run id of an occurrence: always the same for the same occurrence ({@link Uuid7#ofOccurrence}). */
    private static RunId occurrenceId(DueJob job, Instant occurrence) {
        return new RunId(Uuid7.ofOccurrence(job.id().value(), occurrence));
    }
}
