package io.chronohook.job;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.RunIdBounds;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.FieldError;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.NewRun;
import io.chronohook.schedule.Run;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateBacklog;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The job use cases of the API: create (idempotent), read, list, update, pause, resume, delete, trigger. */
@Service
public class JobService {

    private static final Logger log = LoggerFactory.getLogger(JobService.class);
    /** The most jobs one batch call creates. */
    public static final int MAX_BATCH = 1000;
    static final int FREQUENCY_SAMPLE = 60;

    private final JobStore jobs;
    private final JobCounter counter;
    private final RunStore runs;
    private final JobValidator validator;
    private final IdempotencyStore idempotency;
    private final TenantPlans tenantPlans;
    private final AuditStore audit;
    private final GateBacklog gate;
    private final TransactionalOperator tx;
    private final JsonMapper canonicalJson;
    private final Clock clock;
    private final CreateCoalescer creates;

    public JobService(JobStore jobs, JobCounter counter, RunStore runs, JobValidator validator,
                      IdempotencyStore idempotency, TenantPlans tenantPlans, AuditStore audit, GateBacklog gate,
                      TransactionalOperator tx, JsonMapper json, Clock clock, MeterRegistry meters,
                      CreatesTogetherProperties together) {
        this.jobs = jobs;
        this.counter = counter;
        this.runs = runs;
        this.validator = validator;
        this.idempotency = idempotency;
        this.tenantPlans = tenantPlans;
        this.audit = audit;
        this.gate = gate;
        this.tx = tx;
        this.canonicalJson = json.rebuild().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
        this.clock = clock;
        this.creates = new CreateCoalescer(jobs, audit, meters, together.most(), pending -> countedAlone(pending.tenantId(),
                pending.job().id(), pending.job().definition(), pending.job().nextFireAt(), pending.now(),
                pending.max(), pending.entry()));
    }

    /** The result of a create: the job, and whether this call made it (false for an idempotent replay). */
    public record Created(Job job, boolean replayed) {
    }

    public Mono<Created> create(Caller caller, JobRequest request, String idempotencyKey) {
        TenantId tenantId = caller.tenantId();
        checkKey(idempotencyKey);
        JobId id = new JobId(Uuid7.next(clock));
        return plan(tenantId)
                .flatMap(plan -> Mono.fromCallable(() -> frequencyChecked(
                                validator.validate(request, limits(plan)), plan, ""))
                        .subscribeOn(Schedulers.boundedElastic())
                        .flatMap(definition -> {
                            Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
                            Function<Boolean, Mono<Created>> write = everyStripe -> {
                                // A create counted on one stripe is one statement: it needs no transaction around it,
                                // and goes to the connections that keep their plans.
                                boolean alone = idempotencyKey == null && !everyStripe
                                        && oneStatement(definition, plan);
                                Mono<Created> made = idempotencyKey == null
                                        ? insert(caller, id, definition, plan, now, everyStripe, alone)
                                        : idempotency.claim(tenantId, "create_job", idempotencyKey, hash(request),
                                                        id.value(), now)
                                                .flatMap(earlier -> replay(tenantId, earlier))
                                                .switchIfEmpty(Mono.defer(() -> insert(caller, id, definition,
                                                        plan, now, everyStripe, false)));
                                return alone ? made : made.as(tx::transactional);
                            };
                            // No stripe would do: the caps are shared out if they are not (a tenant's first creates,
                            // committed at once so that concurrent ones find them) and the create made again; if no
                            // stripe will do still (near the limit), it is made holding every stripe.
                            return write.apply(false)
                                    .onErrorResume(JobCounter.EveryStripeNeeded.class, e -> counter
                                            .shareCaps(tenantId, plan.maxJobs())
                                            .then(Mono.defer(() -> write.apply(false)))
                                            .onErrorResume(JobCounter.EveryStripeNeeded.class,
                                                    again -> write.apply(true)));
                        }))
                .flatMap(created -> created.replayed() ? Mono.just(created)
                        : offerFirstRun(created.job()).thenReturn(created));
    }

    /** Creates up to {@link #MAX_BATCH} jobs in one transaction: all of them, or (on any invalid one) none. */
    public Mono<List<Job>> createAll(Caller caller, List<JobRequest> requests) {
        TenantId tenantId = caller.tenantId();
        if (requests == null || requests.isEmpty() || requests.size() > MAX_BATCH) {
            return Mono.error(ApiException.invalid("jobs", "must hold 1 to " + MAX_BATCH + " jobs"));
        }
        return plan(tenantId)
                .flatMap(plan -> Mono.fromCallable(() -> validateAll(requests, plan))
                        .subscribeOn(Schedulers.boundedElastic())
                        .flatMap(definitions -> {
                            Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
                            int count = definitions.size();
                            // Counted on a free stripe; when none has the room, the transaction is rolled back and
                            // the batch made again in one holding every stripe: the free-stripe look may have locked
                            // a stripe it then found full, and a transaction holding one stripe out of order while it
                            // waits for the others would wait in a circle with those taking them in order.
                            Function<Boolean, Mono<Batch>> write = everyStripe -> (everyStripe
                                    ? counter.addHoldingEveryStripe(tenantId, count, plan.maxJobs())
                                    : counter.addOnFreeStripe(tenantId, count, plan.maxJobs())
                                            .flatMap(added -> added ? Mono.just(true)
                                                    : Mono.<Boolean>error(new JobCounter.EveryStripeNeeded())))
                                    .flatMap(added -> !added
                                            ? Mono.error(new ApiException(HttpStatus.FORBIDDEN, "quota_exceeded",
                                                    "the " + plan.name() + " plan allows " + plan.maxJobs() + " jobs"))
                                            : insertAll(tenantId, definitions, now))
                                    .flatMap(batch -> audit.record(tenantId, AuditEntry.by(caller, "jobs.created",
                                                    "job", null, Map.of("count", batch.jobs().size())))
                                            .thenReturn(batch))
                                    .as(tx::transactional);
                            return write.apply(false)
                                    .onErrorResume(JobCounter.EveryStripeNeeded.class, e -> write.apply(true));
                        }))
                .flatMap(batch -> gate.offer(batch.runs()).thenReturn(batch.jobs()));
    }

    /** The jobs a batch made, and the runs of its "now" jobs, to offer to the gate once committed. */
    private record Batch(List<Job> jobs, List<RunStore.GateEntry> runs) {
    }

    private List<JobDefinition> validateAll(List<JobRequest> requests, Plan plan) {
        JobValidator.Limits limits = limits(plan);
        List<JobDefinition> definitions = new ArrayList<>();
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            try {
                definitions.add(validator.validate(requests.get(i), limits));
                frequencyChecked(definitions.getLast(), plan, "");
            } catch (ApiException e) {
                String prefix = "jobs[" + i + "].";
                e.errors().forEach(error -> errors.add(
                        new FieldError(prefix + error.field(), error.message(), error.code())));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return definitions;
    }

    /** Writes the jobs of a batch in one statement, and the runs of its "now" jobs in another. */
    private Mono<Batch> insertAll(TenantId tenantId, List<JobDefinition> definitions, Instant now) {
        List<JobStore.NewJob> made = definitions.stream().map(definition -> new JobStore.NewJob(
                new JobId(Uuid7.next(clock)), definition, firstFire(definition, now))).toList();
        List<NewRun> runsOfNowJobs = made.stream().filter(job -> immediate(job.definition()))
                .map(job -> newRun(tenantId, job.id(), now, "schedule")).toList();
        return jobs.insertAll(tenantId, made, now)
                .thenMany(runs.insertAll(runsOfNowJobs, clock.instant())).collectList()
                .map(written -> new Batch(made.stream()
                        .map(job -> newJob(tenantId, job.id(), job.definition(), job.nextFireAt(), now)).toList(),
                        written));
    }

    /** Writes the job (and the run of a "now" job). */
    private Mono<Job> insertOne(TenantId tenantId, JobId id, JobDefinition definition, Instant now) {
        return written(tenantId, id, definition, now,
                nextFireAt -> jobs.insert(tenantId, id, definition, nextFireAt, now));
    }

    /**
     * Writes the job counted on one stripe, audited as {@code entry}, in one statement: on a free stripe, else on one
     * picked at random; fails with {@link JobCounter.EveryStripeNeeded} (nothing written) when neither can count it.
     */
    private Mono<Job> insertCounted(TenantId tenantId, JobId id, JobDefinition definition, Instant now, long max,
                                    AuditEntry entry, boolean alone) {
        // Alone, it may share its statement with the creates that arrive with it; in a transaction it is its own.
        return written(tenantId, id, definition, now, nextFireAt -> alone
                ? creates.create(tenantId, new JobStore.NewJob(id, definition, nextFireAt), now, max, entry)
                : jobs.insertCounted(tenantId, id, definition, nextFireAt, now, max, null, false,
                                spec -> audit.bound(spec, tenantId, entry))
                        .flatMap(made -> made ? Mono.<Void>empty() : Mono.error(new JobCounter.EveryStripeNeeded())));
    }

    /**
     * Makes one job in a statement of its own, no transaction around it, counted on a free stripe or else on one
     * picked at random and waited for (only a create alone waits: in a transaction the free-stripe look may have
     * locked a stripe it found full, and waiting for another while holding it could wait in a circle); fails with
     * {@link JobCounter.EveryStripeNeeded} (nothing written) when neither can count it.
     */
    private Mono<Void> countedAlone(TenantId tenantId, JobId id, JobDefinition definition, Instant nextFireAt,
                                    Instant now, long max, AuditEntry entry) {
        UnaryOperator<DatabaseClient.GenericExecuteSpec> audited = spec -> audit.bound(spec, tenantId, entry);
        return jobs.insertCounted(tenantId, id, definition, nextFireAt, now, max, null, true, audited)
                .flatMap(made -> made ? Mono.just(true) : jobs.insertCounted(tenantId, id, definition, nextFireAt,
                        now, max, JobCounter.anyStripe(), true, audited))
                .flatMap(made -> made ? Mono.<Void>empty() : Mono.error(new JobCounter.EveryStripeNeeded()));
    }

    /** Whether a create without an Idempotency-Key is one statement: counted on one stripe, and no run to write. */
    private static boolean oneStatement(JobDefinition definition, Plan plan) {
        return JobCounter.oneStripeWillDo(1, plan.maxJobs())
                && definition.schedule().type() != JobDefinition.ScheduleType.NOW;
    }

    /** The job written by {@code write} (given its next fire), with the run of a "now" job. */
    private Mono<Job> written(TenantId tenantId, JobId id, JobDefinition definition, Instant now,
                              Function<Instant, Mono<Void>> write) {
        Instant nextFireAt = firstFire(definition, now);
        return write.apply(nextFireAt)
                .then(immediate(definition) ? insertRun(newRun(tenantId, id, now, "schedule")) : Mono.empty())
                .then(Mono.fromSupplier(() -> newJob(tenantId, id, definition, nextFireAt, now)));
    }

    /** A job just written, as the API shows it. */
    private static Job newJob(TenantId tenantId, JobId id, JobDefinition definition, Instant nextFireAt, Instant now) {
        return new Job(id, tenantId, definition, JobState.ACTIVE, nextFireAt,
                immediate(definition) ? now : nextFireAt, 0, 1, now, now, null);
    }

    /** Whether the job runs once, at once: it has no occurrence left once its run exists (made with the job). */
    private static boolean immediate(JobDefinition definition) {
        return definition.schedule().type() == JobDefinition.ScheduleType.NOW;
    }

    /** A job's first occurrence as its row holds it: none for a "now" job, which stays active until its run ends. */
    private static Instant firstFire(JobDefinition definition, Instant now) {
        return immediate(definition) ? null : firstFire(definition.schedule(), now);
    }

    /**
     * Refuses a recurring schedule that fires more often than the plan allows (422 {@code schedule_too_frequent}):
     * the shortest gap between its next {@link #FREQUENCY_SAMPLE} fires, from now, is compared with the plan's minimum.
     */
    private JobDefinition frequencyChecked(JobDefinition definition, Plan plan, String fieldPrefix) {
        JobDefinition.Schedule schedule = definition.schedule();
        if (!schedule.recurring()) {
            return definition;
        }
        java.time.Duration minimum = java.time.Duration.ofSeconds(plan.minIntervalSeconds());
        java.time.Duration shortest = schedule.every();
        if (schedule.type() == JobDefinition.ScheduleType.CRON && minimum.compareTo(finest(schedule)) > 0) {
            List<Instant> fires = io.chronohook.job.timing.FireTimes.preview(Schedules.of(schedule), clock.instant(),
                    FREQUENCY_SAMPLE);
            for (int i = 1; i < fires.size(); i++) {
                java.time.Duration gap = java.time.Duration.between(fires.get(i - 1), fires.get(i));
                shortest = shortest == null || gap.compareTo(shortest) < 0 ? gap : shortest;
            }
        }
        if (shortest != null && shortest.compareTo(minimum) < 0) {
            String field = fieldPrefix + (schedule.type() == JobDefinition.ScheduleType.CRON ? "schedule.cron"
                    : "schedule.every");
            throw new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "schedule_too_frequent",
                    "the " + plan.name() + " plan allows at most one fire every " + plan.minIntervalSeconds() + " s",
                    List.of(new FieldError(field, "fires every " + shortest.toSeconds() + " s; the plan's minimum is "
                            + plan.minIntervalSeconds() + " s", "schedule_too_frequent")));
        }
        return definition;
    }

    /**
     * The shortest gap a cron schedule can have between two fires: a second with a seconds field, else a minute (its
     * fires fall on whole minutes). A plan whose minimum is no longer than that needs no look at the fires.
     */
    private static java.time.Duration finest(JobDefinition.Schedule schedule) {
        return Schedules.cron(schedule.cron(), schedule.timeZone()).hasSeconds()
                ? java.time.Duration.ofSeconds(1) : java.time.Duration.ofMinutes(1);
    }

    /**
     * A job's first occurrence. A one-shot job fires at its instant even when that is already (up to a minute, as
     * validation allows) in the past; a recurring one at its first occurrence from now on.
     */
    private static Instant firstFire(JobDefinition.Schedule schedule, Instant now) {
        if (!schedule.recurring()) {
            return schedule.at();
        }
        return Schedules.of(schedule).nextAfter(now.minusMillis(1)).orElse(null);
    }

    private Mono<Created> replay(TenantId tenantId, IdempotencyStore.Earlier earlier) {
        if (!earlier.sameRequest()) {
            return Mono.error(keyReused());
        }
        return jobs.find(tenantId, new JobId(earlier.resourceId()))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("the job created with this Idempotency-Key")))
                .map(job -> new Created(job, true));
    }

    /** Makes the job; {@code alone}: in a statement of its own, no transaction around it. */
    private Mono<Created> insert(Caller caller, JobId id, JobDefinition definition, Plan plan, Instant now,
                                 boolean everyStripe, boolean alone) {
        TenantId tenantId = caller.tenantId();
        AuditEntry entry = AuditEntry.by(caller, "job.created", "job", id.toString(),
                Map.of("name", definition.name()));
        if (!everyStripe && JobCounter.oneStripeWillDo(1, plan.maxJobs())) {
            return insertCounted(tenantId, id, definition, now, plan.maxJobs(), entry, alone)
                    .map(job -> new Created(job, false));
        }
        return counter.addHoldingEveryStripe(tenantId, 1, plan.maxJobs())
                .flatMap(added -> !added
                        ? Mono.<Job>error(new ApiException(HttpStatus.FORBIDDEN, "quota_exceeded", "the "
                                + plan.name() + " plan allows " + plan.maxJobs() + " jobs; delete one or upgrade"))
                        : insertOne(tenantId, id, definition, now))
                .flatMap(job -> audit.record(tenantId, entry).thenReturn(new Created(job, false)));
    }

    private Mono<Void> offerFirstRun(Job job) {
        if (job.definition().schedule().type() != JobDefinition.ScheduleType.NOW) {
            return Mono.empty();
        }
        return runs.listForJob(job.tenantId(), job.id(), RunState.SCHEDULED, RunIdBounds.earliestRunOf(job.createdAt()),
                        PageRequest.of(1, null))
                .flatMap(page -> offer(page.items(), job));
    }

    /** The job with its last run, as committed: for the API's reads, outside any transaction. */
    public Mono<JobView> view(TenantId tenantId, JobId id) {
        return jobs.read(tenantId, id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("job " + id)))
                .flatMap(job -> runs.listForJob(tenantId, id, null,
                        RunIdBounds.earliestRunOf(job.createdAt()), PageRequest.of(1, null))
                .map(page -> JobView.of(job, page.items().stream().findFirst().map(JobService::lastRun).orElse(null))));
    }

    private static JobValidator.Limits limits(Plan plan) {
        return new JobValidator.Limits(plan.maxPayloadBytes(), Duration.ofSeconds(plan.maxRunningSeconds()));
    }

    public Mono<Page<Job>> list(TenantId tenantId, JobStore.ListFilter filter, PageRequest page) {
        return jobs.list(tenantId, filter, page);
    }

    /** Applies a merge patch (RFC 7396) to the job and validates the result as a whole. */
    public Mono<Job> update(Caller caller, JobId id, Integer ifMatch, JobRequest patched, JobView current) {
        TenantId tenantId = caller.tenantId();
        if (ifMatch != null && ifMatch != current.version()) {
            return Mono.error(versionConflict(HttpStatus.PRECONDITION_FAILED, current.version()));
        }
        return find(tenantId, id).flatMap(job -> plan(tenantId).flatMap(plan -> {
            boolean sameSchedule = Objects.equals(patched.schedule(), current.asRequest().schedule());
            return Mono.fromCallable(() -> frequencyChecked(validator.validate(patched, limits(plan),
                            sameSchedule ? job.definition().schedule() : null), plan, ""))
                    .subscribeOn(Schedulers.boundedElastic())
                    .flatMap(definition -> {
                        Instant now = clock.instant();
                        Instant nextFireAt = sameSchedule ? job.nextFireAt() : firstFire(definition.schedule(), now);
                        Mono<Long> cancelOld = sameSchedule ? Mono.just(0L)
                                : runs.cancelScheduledOfJob(tenantId, id, now);
                        return jobs.update(tenantId, id, current.version(), definition, nextFireAt, now)
                                .flatMap(updated -> updated ? cancelOld
                                        : Mono.error(versionConflict(HttpStatus.CONFLICT, current.version())))
                                .then(audit.record(tenantId, AuditEntry.by(caller, "job.updated", "job", id.toString(),
                                        Map.of("version", current.version() + 1))))
                                .as(tx::transactional);
                    });
        })).then(find(tenantId, id));
    }

    public Mono<Job> pause(Caller caller, JobId id) {
        TenantId tenantId = caller.tenantId();
        return find(tenantId, id).flatMap(job -> {
            if (job.state() == JobState.PAUSED) {
                return Mono.just(job);
            }
            if (job.state() != JobState.ACTIVE) {
                return Mono.error(invalidState(job, "paused"));
            }
            Instant now = clock.instant();
            return jobs.setState(tenantId, id, JobState.ACTIVE, JobState.PAUSED, job.nextFireAt(), now)
                    .flatMap(changed -> changed ? runs.pausePendingOfJob(tenantId, id, now)
                            .flatMap(cancelled -> audit.record(tenantId, AuditEntry.by(caller, "job.paused", "job",
                                    id.toString(), Map.of("runsCancelled", cancelled))))
                            : Mono.error(new ApiException(HttpStatus.CONFLICT, "version_conflict",
                                    "the job changed meanwhile; read it and try again")))
                    .as(tx::transactional)
                    .then(find(tenantId, id));
        });
    }

    /**
     * Pauses a job because its receiver answered 410 Gone: the reason is kept on the job and audited, its runs not
     * yet delivering are cancelled. A job no longer active is left alone.
     */
    public Mono<Void> pauseBecauseGone(TenantId tenantId, JobId id, String runId) {
        Instant now = clock.instant();
        String reason = "the receiver answered 410 Gone to run " + runId;
        return jobs.find(tenantId, id)
                .filter(job -> job.state() == JobState.ACTIVE)
                .flatMap(job -> jobs.pauseWithReason(tenantId, id, reason, now)
                        .flatMap(changed -> changed ? runs.pausePendingOfJob(tenantId, id, now)
                                .then(audit.record(tenantId, new AuditEntry(new AuditEntry.Actor("system", null),
                                        "job.auto_paused", "job", id.toString(), Map.of("reason", reason))))
                                : Mono.empty())
                        .as(tx::transactional))
                .then();
    }

    /**
     * Resumes a paused job from where it stopped: occurrences that passed meanwhile are handled by the job's
     * missed-run policy when the planner next sees it.
     */
    public Mono<Job> resume(Caller caller, JobId id) {
        TenantId tenantId = caller.tenantId();
        return find(tenantId, id).flatMap(job -> {
            if (job.state() == JobState.ACTIVE) {
                return Mono.just(job);
            }
            if (job.state() != JobState.PAUSED) {
                return Mono.error(invalidState(job, "resumed"));
            }
            Instant now = clock.instant();
            return jobs.setState(tenantId, id, JobState.PAUSED, JobState.ACTIVE, job.nextFireAt(), now)
                    .flatMap(changed -> changed
                            ? audit.record(tenantId, AuditEntry.by(caller, "job.resumed", "job", id.toString(), Map.of()))
                            : Mono.error(new ApiException(HttpStatus.CONFLICT, "version_conflict",
                                    "the job changed meanwhile; read it and try again")))
                    .as(tx::transactional)
                    .then(find(tenantId, id));
        });
    }

    public Mono<Void> delete(Caller caller, JobId id) {
        TenantId tenantId = caller.tenantId();
        return find(tenantId, id).flatMap(job -> {
            Instant now = clock.instant();
            boolean live = job.state() == JobState.ACTIVE || job.state() == JobState.PAUSED;
            return jobs.setState(tenantId, id, job.state(), JobState.DELETED, null, now)
                    .flatMap(changed -> changed ? (live ? counter.remove(tenantId, 1) : Mono.<Void>empty())
                            .then(runs.cancelPendingOfJob(tenantId, id, now))
                            .then(audit.record(tenantId, AuditEntry.by(caller, "job.deleted", "job", id.toString(),
                                    Map.of("name", job.definition().name()))))
                            : Mono.error(new ApiException(HttpStatus.CONFLICT, "version_conflict",
                                    "the job changed meanwhile; try again")))
                    .as(tx::transactional);
        });
    }

    /** Starts a run now, outside the schedule; with an Idempotency-Key, a repeated call returns the same run. */
    public Mono<Run> trigger(Caller caller, JobId id, String idempotencyKey) {
        TenantId tenantId = caller.tenantId();
        checkKey(idempotencyKey);
        return find(tenantId, id).flatMap(job -> {
            Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
            NewRun manual = newRun(tenantId, id, now, "manual");
            RunId runId = manual.id();
            Mono<Run> create = insertRun(manual)
                    .then(audit.record(tenantId, AuditEntry.by(caller, "job.triggered", "job", id.toString(),
                            Map.of("run", runId.toString()))))
                    .then(runs.find(tenantId, runId));
            Mono<Run> write = idempotencyKey == null ? create
                    : idempotency.claim(tenantId, "trigger:" + id, idempotencyKey, hash(Map.of("job", id.toString())),
                                    runId.value(), now)
                            .flatMap(earlier -> runs.find(tenantId, new RunId(earlier.resourceId())))
                            .switchIfEmpty(Mono.defer(() -> create));
            return write.as(tx::transactional)
                    .flatMap(run -> run.id().equals(runId) ? offer(List.of(run), job).thenReturn(run)
                            : Mono.just(run));
        });
    }

    private Mono<Void> insertRun(NewRun run) {
        return runs.insertAll(List.of(run), clock.instant()).then();
    }

    /** The run of an occurrence at {@code now}, due at once. */
    private static NewRun newRun(TenantId tenantId, JobId jobId, Instant now, String trigger) {
        Instant at = now.truncatedTo(ChronoUnit.MICROS);
        return new NewRun(new RunId(Uuid7.ofOccurrence(jobId.value(), at)), tenantId, jobId, at, at,
                RunState.SCHEDULED, trigger, null);
    }

    /** Offers runs of {@code job} to the gate, in the job's lane (its priority and flow key). */
    private Mono<Void> offer(List<Run> toOffer, Job job) {
        JobDefinition.Flow flow = job.definition().flow();
        String lane = RunStore.GateEntry.lane((short) flow.priority().code(), flow.key());
        return gate.offer(toOffer.stream()
                .map(run -> new RunStore.GateEntry(run.id(), run.tenantId(), run.dueAt(), lane)).toList());
    }

    Mono<Job> find(TenantId tenantId, JobId id) {
        return jobs.find(tenantId, id).switchIfEmpty(Mono.error(() -> ApiException.notFound("job " + id)));
    }

    private Mono<Plan> plan(TenantId tenantId) {
        return tenantPlans.of(tenantId);
    }

    private byte[] hash(Object request) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(canonicalJson.writeValueAsBytes(request));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void checkKey(String key) {
        if (key != null && (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f))) {
            throw ApiException.invalid("Idempotency-Key", "must be 1-255 visible ASCII characters");
        }
    }

    private static ApiException keyReused() {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "idempotency_key_reused",
                "this Idempotency-Key was used with a different request body");
    }

    private static ApiException versionConflict(HttpStatus status, int current) {
        return new ApiException(status, "version_conflict",
                "the job is at version " + current + "; read it again and resend with If-Match: \"" + current + "\"");
    }

    private static ApiException invalidState(Job job, String verb) {
        return new ApiException(HttpStatus.CONFLICT, "invalid_state",
                "a " + job.state().wire() + " job cannot be " + verb);
    }

    static JobView.LastRun lastRun(Run run) {
        return new JobView.LastRun(run.id().toString(), run.state().wire(), run.scheduledFor(), run.finishedAt(),
                run.lastStatusCode());
    }
}
