package io.chronohook.history;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A tenant's window onto its run history: the runs scheduled within its plan's retention. Older runs are neither
 * listed nor shown nor replayed, whatever rows are still stored (they go with their day's partition, once past the
 * longest retention of any plan). A run's id carries its scheduled time, so a run of the tenant's past the window is
 * told from its id.
 */
@Component
public class HistoryWindow {

    private final TenantPlans plans;
    private final Clock clock;

    public HistoryWindow(TenantPlans plans, Clock clock) {
        this.plans = plans;
        this.clock = clock;
    }

    /** The earliest scheduled time of a run the tenant sees. */
    public Mono<Instant> start(TenantId tenantId) {
        return plans.of(tenantId)
                .map(plan -> clock.instant().minus(Duration.ofDays(plan.historyRetentionDays())));
    }

    /**
     * The run id itself when within the window; a {@code 410 history_expired} problem when past it. Called once the
     * run is found to be the tenant's: an id that names no run of the tenant is a 404, whatever its time.
     */
    public Mono<RunId> require(TenantId tenantId, RunId id) {
        return plans.of(tenantId).flatMap(plan -> {
            Instant start = clock.instant().minus(Duration.ofDays(plan.historyRetentionDays()));
            return Uuid7.instantOf(id.value()).isBefore(start)
                    ? Mono.error(new ApiException(HttpStatus.GONE, "history_expired", "run " + id
                            + " is older than the " + plan.historyRetentionDays() + "-day history the "
                            + plan.name() + " plan keeps"))
                    : Mono.just(id);
        });
    }
}
