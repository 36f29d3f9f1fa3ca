package io.chronohook.alert;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Raises {@code run.missed_window} alerts: each round looks at the runs whose window (due time plus the tenant's
 * threshold) closed since the previous round while they had still not started, and at the runs the planner skipped as
 * missed since then. Leaderless: every worker scans, the alert's unique key keeps one row per run.
 */
@Component
public class MissedWindowScanner {

    private static final Logger log = LoggerFactory.getLogger(MissedWindowScanner.class);
    /** How far before the round's start skipped runs are looked for: the planner's transaction may commit late. */
    static final Duration SKIPPED_MARGIN = Duration.ofSeconds(30);

    private final AlertStore store;
    private final Duration lookback;
    private final Clock clock;
    private volatile Instant scannedUpTo;

    public MissedWindowScanner(AlertStore store, AlertProperties properties, Clock clock) {
        this.store = store;
        this.lookback = properties.scanLookback();
        this.clock = clock;
    }

    /** One round; returns how many alerts it raised. The first round looks back {@code scan-lookback}. */
    public Mono<Long> runOnce() {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            Instant from = scannedUpTo == null ? now.minus(lookback) : scannedUpTo;
            if (!now.isAfter(from)) {
                return Mono.just(0L);
            }
            return store.raiseForNotStarted(from, now, now)
                    .zipWith(store.raiseForSkipped(from.minus(SKIPPED_MARGIN), now), Long::sum)
                    .doOnNext(raised -> {
                        scannedUpTo = now;
                        if (raised > 0) {
                            log.info("raised {} missed-window alerts", raised);
                        }
                    });
        });
    }
}
