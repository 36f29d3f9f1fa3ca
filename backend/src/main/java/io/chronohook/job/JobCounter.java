package io.chronohook.job;

import io.chronohook.billing.tenant.TenantId;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Each tenant's live jobs (active or paused), counted in the statements and transactions that create, delete and
 * complete them, so that the plan's job limit is checked at the same cost at ten jobs and at a million, and exactly: no
 * number of concurrent creates takes a tenant past its limit.
 *
 * <p>The count is split over {@value #STRIPES} stripes (rows) per tenant, and the limit with it: each stripe has a
 * cap, the caps summing to the limit they were shared out for. A single create far from the limit adds its job to a
 * stripe below its cap that no other transaction holds (or, when none is free, to one picked at random, waited for),
 * in the very statement that writes the job ({@link JobSql#INSERT_COUNTED_ON_FREE_STRIPE}): the cap is checked on the
 * locked row, so a stripe never counts more than its cap and the tenant never more than the sum of the caps, whatever
 * the other stripes do meanwhile. Deletes and completions only take off. When no stripe will do (all at their caps or
 * held, the caps shared out for another limit, or the stripes not made yet), the caps are shared out if they are not
 * ({@link #shareCaps}, once for a tenant's first creates) and the create made again; failing that, and for batches and
 * small limits, the create holds every stripe of the tenant, in stripe order, adds only if the total then plus its own
 * stays within the limit, and shares the room left out over the stripes again ({@link #addHoldingEveryStripe}). A
 * batch first looks for a free stripe with room for all its jobs ({@link #addOnFreeStripe}).
 */
@Repository
public class JobCounter {

    /** Stripes per tenant: how many creates of one tenant can go on at once without waiting for each other. */
    static final int STRIPES = 64;

    private final DatabaseClient db;
    private final TransactionalOperator tx;

    public JobCounter(DatabaseClient db, TransactionalOperator tx) {
        this.db = db;
        this.tx = tx;
    }

    /**
     * No stripe could take the job within its cap: the create's transaction, if it has one, must be rolled back and
     * the create made again holding every stripe.
     */
    public static class EveryStripeNeeded extends RuntimeException {

        EveryStripeNeeded() {
            super("the job count must be checked holding every stripe", null, false, false);
        }
    }

    /**
     * Whether a create of {@code count} jobs under a limit of {@code max} may add to a single stripe
     * ({@link JobSql#INSERT_COUNTED_ON_FREE_STRIPE}) rather than hold them all ({@link #addHoldingEveryStripe}): one
     * job, and a limit far above the stripes (so that each stripe's share is several jobs).
     */
    public static boolean oneStripeWillDo(int count, long max) {
        return count == 1 && max >= 4L * STRIPES;
    }

    /** A stripe picked at random, for a create that found none free to wait for. */
    static short anyStripe() {
        return (short) ThreadLocalRandom.current().nextInt(STRIPES);
    }

    /**
     * Makes the stripes the tenant has not yet, each counting nothing (and with no cap: a create then shares the caps
     * out holding every stripe). Called outside a transaction it commits at once, so that concurrent creates find
     * them.
     */
    public Mono<Void> makeStripes(TenantId tenantId) {
        return db.sql(JobCountSql.MAKE_STRIPES).bind("tenantId", tenantId.value()).bind("stripes", STRIPES)
                .fetch().rowsUpdated().then();
    }

    /**
     * Shares the tenant's caps out for {@code max} (making its stripes first) unless every stripe has them already, in
     * a short transaction of its own holding every stripe: what a tenant's first single creates, or the first after a
     * plan change, need before they can each take a stripe. Nothing is shared when the tenant is past {@code max}.
     */
    public Mono<Void> shareCaps(TenantId tenantId, long max) {
        return notShared(tenantId, max)
                .flatMap(notShared -> notShared == 0 ? Mono.empty()
                        : db.sql(JobCountSql.LOCK_CAP_SHARING).bind("tenantId", tenantId.value()).fetch().rowsUpdated()
                                .then(notShared(tenantId, max))
                                .flatMap(stillNotShared -> stillNotShared == 0 ? Mono.<Void>empty()
                                        : makeStripes(tenantId)
                                                .thenMany(takeEveryStripe(tenantId))
                                                .then(addWithinLimitSharingCaps(tenantId, 0, max))
                                                .then())
                                .as(tx::transactional));
    }

    /**
     * How many of the tenant's stripes have no cap shared out for {@code max}. Read again once the sharing is this
     * transaction's ({@link JobCountSql#LOCK_CAP_SHARING}), so that of the concurrent first creates that all found
     * the caps missing only the first shares them, holding every stripe meanwhile: the others, let through one by one,
     * find them shared without taking a stripe.
     */
    private Mono<Long> notShared(TenantId tenantId, long max) {
        return db.sql(JobCountSql.NOT_SHARED_FOR).bind("tenantId", tenantId.value()).bind("max", max)
                .bind("stripes", STRIPES).map(row -> row.get("not_shared", Long.class)).one();
    }

    /**
     * Adds {@code count} jobs (a batch) to a stripe of the tenant's that no other transaction holds and whose cap leaves
     * room for them, inside the transaction that creates them; emits false (nothing added, nothing held) when none
     * has, and the batch is then counted {@linkplain #addHoldingEveryStripe holding every stripe}. Concurrent batches
     * of a tenant far from its limit so go on at once.
     */
    public Mono<Boolean> addOnFreeStripe(TenantId tenantId, int count, long max) {
        return db.sql(JobCountSql.ADD_ON_FREE_STRIPE).bind("tenantId", tenantId.value()).bind("count", count)
                .bind("max", max).map(row -> row.get("added", Long.class)).one().map(added -> added == 1);
    }

    /**
     * Adds {@code count} jobs to the tenant's count if its total stays within {@code max}, holding every stripe of the
     * tenant (in stripe order, so that two such transactions never wait in a circle), and shares the room left out
     * over the stripes as their caps; emits false (nothing added) when it would not stay within. Inside the
     * transaction that creates the jobs.
     */
    public Mono<Boolean> addHoldingEveryStripe(TenantId tenantId, int count, long max) {
        return makeStripes(tenantId)
                .thenMany(takeEveryStripe(tenantId))
                .then(addWithinLimitSharingCaps(tenantId, count, max));
    }

    /** Holds every stripe of the tenant, in stripe order, until the transaction ends. */
    private Flux<Short> takeEveryStripe(TenantId tenantId) {
        return db.sql(JobCountSql.TAKE_ALL_STRIPES).bind("tenantId", tenantId.value())
                .map(row -> row.get("stripe", Short.class)).all();
    }

    private Mono<Boolean> addWithinLimitSharingCaps(TenantId tenantId, int count, long max) {
        return db.sql(JobCountSql.ADD_WITHIN_LIMIT_SHARING_CAPS).bind("tenantId", tenantId.value())
                .bind("count", count).bind("max", max).fetch().rowsUpdated()
                .map(updated -> updated > 0);
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
