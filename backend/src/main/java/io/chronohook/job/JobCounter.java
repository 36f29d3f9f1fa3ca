package io.chronohook.job;

import io.chronohook.billing.tenant.TenantId;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * Each tenant's live jobs (active or paused), counted in the transactions that create, delete and complete them, so
 * that the plan's job limit is checked at the same cost at ten jobs and at a million, and exactly: no number of
 * concurrent creates takes a tenant past its limit.
 *
 * <p>The count is split over {@value #STRIPES} stripes (rows) per tenant. A single create far from the limit adds to
 * a stripe no other transaction holds (or, when all are held, waits for one picked at random), and the job's insert
 * reads the total then, in the same statement: at most one transaction holds each stripe, so at most
 * {@code stripes - 1} others can be adding at that moment, and the job is written only if the total plus those stays
 * within the limit. Otherwise (near the limit, several jobs
 * at once) it holds every stripe of the tenant, in stripe order, and adds only if the total committed then plus its
 * own stays within the limit. A tenant's stripes are made, counting nothing, when its first single create finds them
 * missing, in a statement of their own before the create is made again.
 */
@Repository
public class JobCounter {

    /** Stripes per tenant: how many creates of one tenant can go on at once without waiting for each other. */
    static final int STRIPES = 64;

    private final DatabaseClient db;

    public JobCounter(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The free-stripe check could not show the limit holds: the create's transaction must be rolled back (releasing
     * its stripe) and the create made again holding every stripe.
     */
    public static class EveryStripeNeeded extends RuntimeException {

        EveryStripeNeeded() {
            super("the job count must be checked holding every stripe", null, false, false);
        }
    }

    /**
     * The tenant has not all its stripes yet (its first create, or stripes made when there were fewer per tenant):
     * the create's transaction must be rolled back, the stripes made ({@link #makeStripes}, outside it) and the create
     * made again. Failing that, it is made holding every stripe, which makes them too.
     */
    public static final class StripesMissing extends EveryStripeNeeded {
    }

    /**
     * Whether a create of {@code count} jobs under a limit of {@code max} may take a single stripe ({@link #takeStripe})
     * rather than hold them all ({@link #addHoldingEveryStripe}): one job, and a limit far above the stripes.
     */
    public static boolean oneStripeWillDo(int count, long max) {
        return count == 1 && max >= 4L * STRIPES;
    }

    /**
     * Adds one job to a stripe inside the create's transaction: a free stripe if there is one, else one picked at
     * random, waited for (holding no other, this cannot deadlock). The job's insert then checks the total, read after
     * this ({@link JobSql#INSERT_WITHIN_COUNT}), and writes nothing when it is not within the limit: the create is
     * then made again holding every stripe. Fails with {@link StripesMissing} when the tenant has not that stripe:
     * they are made by the caller, outside this transaction (made inside it, every concurrent first create of the
     * tenant would wait for this one to commit).
     */
    public Mono<Void> takeStripe(TenantId tenantId) {
        return db.sql(JobCountSql.TAKE_FREE_STRIPE).bind("tenantId", tenantId.value())
                .map(row -> row.get("stripe", Short.class)).one()
                .switchIfEmpty(Mono.defer(() -> db.sql(JobCountSql.TAKE_STRIPE).bind("tenantId", tenantId.value())
                        .bind("stripe", (short) ThreadLocalRandom.current().nextInt(STRIPES))
                        .map(row -> row.get("stripe", Short.class)).one()))
                .switchIfEmpty(Mono.error(StripesMissing::new))
                .then();
    }

    /**
     * Makes the stripes the tenant has not yet, each counting nothing. Called outside a transaction it commits at once,
     * so that concurrent creates find them.
     */
    public Mono<Void> makeStripes(TenantId tenantId) {
        return db.sql(JobCountSql.MAKE_STRIPES).bind("tenantId", tenantId.value()).bind("stripes", STRIPES)
                .fetch().rowsUpdated().then();
    }

    /**
     * Adds {@code count} jobs to the tenant's count if its total stays within {@code max}, holding every stripe of the
     * tenant (in stripe order, so that two such transactions never wait in a circle); emits false (nothing added) when
     * it would not. Inside the transaction that creates the jobs.
     */
    public Mono<Boolean> addHoldingEveryStripe(TenantId tenantId, int count, long max) {
        return makeStripes(tenantId)
                .thenMany(db.sql(JobCountSql.TAKE_ALL_STRIPES).bind("tenantId", tenantId.value())
                        .map(row -> row.get("stripe", Short.class)).all())
                .then(db.sql(JobCountSql.ADD_WITHIN_LIMIT).bind("tenantId", tenantId.value()).bind("count", count)
                        .bind("max", max).fetch().rowsUpdated())
                .map(added -> added == 1);
    }

    /** Takes {@code count} jobs off the tenant's count (a live job deleted), inside the transaction that does it. */
    public Mono<Void> remove(TenantId tenantId, int count) {
        return db.sql(JobCountSql.REMOVE_ON_FREE_STRIPE).bind("tenantId", tenantId.value()).bind("count", count)
                .fetch().rowsUpdated()
                .flatMap(removed -> removed == 1 ? Mono.empty()
                        : db.sql(JobCountSql.REMOVE_ON_FIRST_STRIPE).bind("tenantId", tenantId.value())
                                .bind("count", count).fetch().rowsUpdated().then())
                .then();
    }

    /** The tenant's live jobs as counted. */
    public Mono<Long> live(TenantId tenantId) {
        return db.sql(JobCountSql.TOTAL).bind("tenantId", tenantId.value())
                .map(row -> row.get("live", Long.class)).one();
    }
}
