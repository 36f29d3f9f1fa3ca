package io.chronohook.job;

import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.BatchWriter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Single creates made alone (no Idempotency-Key, counted on one stripe, no run to write) go to the database together
 * when they arrive together: a create that finds none being written goes at once, on its own; those that arrive while
 * others are written wait for them and then go in one statement per tenant, counted on one free stripe with room for
 * them all and each audited ({@link JobStore#insertManyCounted}). Under load the statements, their round trips and
 * their commits are shared by the creates that arrive meanwhile; idle, a create costs what it did alone.
 *
 * <p>Each create still answers for itself: when no free stripe has the room for a group (near the tenant's limit, or
 * a limit small enough that the stripes' shares are few), or its statement fails, each of its creates is made again
 * on its own ({@code alone}), as it would have been, and gets its own answer (made, refused for the limit, or the
 * error). Where a statement may make only one job ({@code chronohook.api.creates-together.most} 1, or a plan so small
 * that a stripe's share is a few jobs), each create goes alone at once, queued behind none.
 */
final class CreateCoalescer {

    private static final Logger log = LoggerFactory.getLogger(CreateCoalescer.class);

    /** The most creates taken from the queue at once (groups of one tenant are cut to {@link #most}). */
    private static final int TAKEN = 256;

    private final JobStore jobs;
    private final AuditStore audit;
    private final Function<Pending, Mono<Void>> alone;
    private final BatchWriter<Pending> writer;
    private final DistributionSummary perStatement;
    private final int most;

    /**
     * {@code alone} makes one create on its own statement (failing with {@link JobCounter.EveryStripeNeeded}); one
     * statement makes at most {@code most} jobs; the jobs each statement made are recorded as
     * {@code chronohook.job.creates.per.statement}.
     */
    CreateCoalescer(JobStore jobs, AuditStore audit, MeterRegistry meters, int most,
                    Function<Pending, Mono<Void>> alone) {
        this.jobs = jobs;
        this.most = most;
        this.audit = audit;
        this.alone = alone;
        this.perStatement = DistributionSummary.builder("chronohook.job.creates.per.statement")
                .description("Single creates (no Idempotency-Key) made by one statement: alone 1, together more")
                .register(meters);
        this.writer = new BatchWriter<>(TAKEN, Duration.ZERO, this::write);
    }

    /**
     * A create waiting to be written: the tenant's job under the limit {@code max}, audited as {@code entry}, answered
     * through {@code done} (none for a create made alone at once).
     */
    record Pending(TenantId tenantId, JobStore.NewJob job, Instant now, long max, AuditEntry entry,
                   Sinks.One<Void> done) {
    }

    /** Makes the job, alone or with others; fails as {@code alone} would when it cannot be counted. */
    Mono<Void> create(TenantId tenantId, JobStore.NewJob job, Instant now, long max, AuditEntry entry) {
        return Mono.defer(() -> {
            if (most(max) == 1) {
                return alone.apply(new Pending(tenantId, job, now, max, entry, null))
                        .doOnSuccess(nothing -> perStatement.record(1));
            }
            Sinks.One<Void> done = Sinks.one();
            writer.submit(new Pending(tenantId, job, now, max, entry, done));
            return done.asMono();
        });
    }

    /**
     * How many jobs of a tenant with the limit {@code max} one statement may make: at most a quarter of a stripe's
     * share of the limit.
     */
    private int most(long max) {
        return (int) Math.max(1, Math.min(most, max / (4L * JobCounter.STRIPES)));
    }

    private Mono<Void> write(List<Pending> taken) {
        Map<Group, List<Pending>> groups = new LinkedHashMap<>();
        for (Pending pending : taken) {
            groups.computeIfAbsent(new Group(pending.tenantId(), pending.max()), g -> new ArrayList<>()).add(pending);
        }
        List<List<Pending>> statements = new ArrayList<>();
        groups.forEach((group, pending) -> {
            int most = most(group.max());
            for (int from = 0; from < pending.size(); from += most) {
                statements.add(pending.subList(from, Math.min(pending.size(), from + most)));
            }
        });
        return Flux.fromIterable(statements).flatMap(this::writeTogether).then();
    }

    private record Group(TenantId tenantId, long max) {
    }

    /**
     * Writes the group in one statement, which waits for no lock (a stripe held by another transaction is passed
     * over): the creates queued meanwhile, other tenants' too, never wait behind a stripe. A group it cannot count
     * (one create alone included) is made one by one outside the round, where each may wait for a stripe.
     */
    private Mono<Void> writeTogether(List<Pending> group) {
        Pending first = group.getFirst();
        return jobs.insertManyCounted(first.tenantId(), group.stream().map(Pending::job).toList(),
                        group.stream().map(Pending::now).toList(),
                        first.max(), spec -> audit.boundEach(spec, first.tenantId(),
                                group.stream().map(Pending::entry).toList()))
                .onErrorResume(error -> {
                    // A create that went alone is made again alone too, and answers with its own error if it fails
                    // again: reported there, not here.
                    if (group.size() > 1) {
                        log.warn("{} creates written together failed; each is made again on its own", group.size(),
                                error);
                    }
                    return Mono.just(false);
                })
                .doOnNext(made -> {
                    if (made) {
                        perStatement.record(group.size());
                        group.forEach(pending -> pending.done().tryEmitEmpty());
                    } else {
                        // Each on its own, not holding up the creates queued meanwhile: the slow way is the rare one.
                        // (The statement looked for a free stripe only; the way alone also waits for a held one.)
                        group.forEach(pending -> answered(pending).subscribe());
                    }
                })
                .then();
    }

    /** Makes the create on its own and hands it its answer; completes either way. */
    private Mono<Void> answered(Pending pending) {
        return alone.apply(pending)
                .doOnSuccess(nothing -> {
                    perStatement.record(1);
                    pending.done().tryEmitEmpty();
                })
                .onErrorResume(error -> {
                    pending.done().tryEmitError(error);
                    return Mono.empty();
                });
    }
}
