package io.chronohook.observability;

/** Every meter Chronohook publishes, by its Micrometer name (Prometheus: dots become underscores, plus a unit). */
public final class MeterNames {

    /** First attempt sent − scheduled time (Prometheus {@code chronohook_fire_lag_seconds}). */
    public static final String FIRE_LAG = "chronohook.fire.lag";
    /** Released by the gate − scheduled time, first attempts. */
    public static final String SCHEDULING_LAG = "chronohook.scheduling.lag";
    /** Claimed for delivery − released by the gate, every attempt. */
    public static final String START_LAG = "chronohook.start.lag";
    /** Request sent → response read (or failure), every attempt that went out; tagged {@code outcome}. */
    public static final String ATTEMPT_LATENCY = "chronohook.attempt.latency";
    /** Attempts by {@code outcome}: delivered, rejected, failed, blocked, short_circuited, internal. */
    public static final String DELIVERIES = "chronohook.deliveries";
    /** Attempts that sent their run back to the gate for another try. */
    public static final String RETRIES = "chronohook.retries";
    /** Password checks (bcrypt rounds) of sign-ins (Prometheus {@code chronohook_password_checks_total}). */
    public static final String PASSWORD_CHECKS = "chronohook.password.checks";
    /** Runs running (their receiver answered 202 and works on), across the installation (sampled). */
    public static final String RUNNING_RUNS = "chronohook.running.runs";
    /** Time between two heartbeats of a running run. */
    public static final String HEARTBEAT_INTERVAL = "chronohook.running.heartbeat.interval";
    /** Long-running attempts ended, by {@code how}: completed, failed, timed_out. */
    public static final String RUNNING_ENDED = "chronohook.running.ended";
    /** Running attempts timed out, by {@code reason}: heartbeat (none within the timeout) or max_duration. */
    public static final String RUNNING_TIMED_OUT = "chronohook.running.timed.out";
    /** Runs that ended dead (dead-lettered). */
    public static final String DEAD_LETTERED = "chronohook.dead.lettered";
    /** Runs dead and not replayed, across the installation (sampled). */
    public static final String DLQ_SIZE = "chronohook.dlq.size";
    /** Runs waiting in the time gate, not yet due (sampled). */
    public static final String GATE_DEPTH = "chronohook.gate.depth";
    /** Released runs waiting for dispatch, per tenant (the largest ones; the rest summed as {@code other}). */
    public static final String READY_RUNS = "chronohook.ready.runs";
    /** Released runs waiting for dispatch, all tenants. */
    public static final String READY_DEPTH = "chronohook.ready.depth";
    /** Deliveries started and not yet recorded on this instance. */
    public static final String IN_FLIGHT = "chronohook.dispatch.in.flight";
    /** Runs claimed on this instance whose requests have not gone out yet. */
    public static final String SEND_QUEUE = "chronohook.dispatch.queued";
    /** Claimed runs leaving that queue per second (smoothed): what the queue's bound follows. */
    public static final String SEND_PACE = "chronohook.dispatch.pace";
    /** This instance's circuit breakers by {@code state}. */
    public static final String CIRCUITS = "chronohook.circuit.breakers";
    /** Runs the fair batcher handed to dispatch, per tenant. */
    public static final String FAIR_SHARE = "chronohook.fair.share.runs";
    /** Runs a tenant's dispatch bucket sent back to the gate, per tenant. */
    public static final String BUCKET_DEFERRED = "chronohook.bucket.deferred.runs";
    /** Runs any dispatch bucket sent back to the gate (token bucket rejections), all tenants. */
    public static final String BUCKET_REJECTIONS = "chronohook.bucket.rejections";
    /** Runs held because the tenant's monthly executions are spent, per tenant. */
    public static final String QUOTA_HELD = "chronohook.quota.held.runs";
    /** Jobs one planner round planned. */
    public static final String PLANNER_BATCH = "chronohook.planner.batch.size";
    /** Runs one planner round wrote. */
    public static final String PLANNER_RUNS = "chronohook.planner.runs";
    /** Time one planner round took (lock, compute, write, commit, offer to the gate). */
    public static final String PLANNER_ROUND = "chronohook.planner.round";
    /** Runs one dispatch round claimed. */
    public static final String CLAIM_BATCH = "chronohook.dispatch.claim.batch";
    /** Tenant alerts by {@code kind} and {@code result}: delivered, retried, failed, suppressed (cooldown). */
    public static final String ALERTS = "chronohook.alerts";
    /** Mails of the outbox by {@code result}: sent, retried, failed (given up). */
    public static final String MAILS = "chronohook.mails";
    /** Attempts one outcome batch recorded. */
    public static final String OUTCOME_BATCH = "chronohook.outcome.batch";
    /** API requests let through without the tenant's rate limit because Redis did not answer in time. */
    public static final String API_RATE_LIMIT_SKIPPED = "chronohook.api.rate.limit.skipped";

    private MeterNames() {
    }
}
