package io.chronohook.usage;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.plan.PlanStore;
import io.chronohook.billing.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Closes last month's invoices once the month is over: for every tenant that existed in it, its usage totals (from
 * the daily counters) priced on its plan at closing, stored once. Leaderless and idempotent: an invoice already
 * stored for the month is kept as it is, so two instances closing at once store each invoice once.
 */
@Component
public class InvoiceCloser {

    private static final int BATCH = 500;

    private final InvoiceStore invoices;
    private final PlanStore plans;
    private final Clock clock;

    public InvoiceCloser(InvoiceStore invoices, PlanStore plans, Clock clock) {
        this.invoices = invoices;
        this.plans = plans;
        this.clock = clock;
    }

    /** One round; returns how many invoices it closed (0 when last month's are all closed). */
    public Mono<Long> runOnce() {
        Instant now = clock.instant();
        YearMonth month = YearMonth.from(now.atZone(ZoneOffset.UTC)).minusMonths(1);
        return invoices.unclosed(month, BATCH).collectList().flatMap(waiting -> waiting.isEmpty() ? Mono.just(0L)
                : Mono.zip(invoices.usage(waiting.stream().map(InvoiceStore.Unclosed::tenantId).toList(), month),
                                plans.findAll().collectMap(Plan::code, Function.identity()))
                        .flatMap(found -> close(waiting, month, found.getT1(), found.getT2(), now)));
    }

    private Mono<Long> close(List<InvoiceStore.Unclosed> waiting, YearMonth month,
                             Map<TenantId, Invoice.Usage> usage, Map<String, Plan> plans,
                             Instant now) {
        return Flux.fromIterable(waiting)
                .concatMap(tenant -> invoices.insert(tenant.tenantId(), Invoice.of(month,
                        plans.get(tenant.planCode()), usage.getOrDefault(tenant.tenantId(), Invoice.Usage.NONE), now)))
                .reduce(0L, Long::sum);
    }
}
