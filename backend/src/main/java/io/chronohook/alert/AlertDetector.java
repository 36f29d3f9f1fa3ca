package io.chronohook.alert;

import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Hears each batch the outcome recorder wrote and raises the alerts its dead runs call for (dead-lettered, failing
 * streak, paused after 410 Gone) in one statement; a batch in which no run went dead costs nothing. Never fails the
 * recording: an error is logged and the batch goes on.
 */
@Component
public class AlertDetector implements OutcomeRecorder.Listener {

    private static final Logger log = LoggerFactory.getLogger(AlertDetector.class);

    private final AlertStore store;
    private final Clock clock;

    public AlertDetector(AlertStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    @Override
    public Mono<Void> recorded(List<FinishedAttempt> attempts) {
        return raise(attempts.stream()
                .filter(attempt -> attempt.nextState() == RunState.DEAD)
                .map(attempt -> new AlertStore.DeadRun(attempt.runId(), attempt.attempt(), attempt.pausesJob()))
                .toList());
    }

    @Override
    public Mono<Void> lost(List<RunStore.RescuedRun> dead) {
        return raise(dead.stream()
                .map(run -> new AlertStore.DeadRun(run.entry().id(), run.attempt(), false))
                .toList());
    }

    @Override
    public Mono<Void> timedOut(OutcomeRecorder.TimedOut timedOut) {
        return Mono.defer(() -> store.raiseForTimedOut(timedOut, clock.instant()))
                .onErrorResume(error -> {
                    log.error("could not raise the alert for timed-out run {}", timedOut.runId(), error);
                    return Mono.empty();
                })
                .then();
    }

    private Mono<Void> raise(List<AlertStore.DeadRun> dead) {
        if (dead.isEmpty()) {
            return Mono.empty();
        }
        return Mono.defer(() -> store.raiseForDeadRuns(dead, clock.instant()))
                .onErrorResume(error -> {
                    log.error("could not raise alerts for {} dead runs", dead.size(), error);
                    return Mono.empty();
                })
                .then();
    }
}
