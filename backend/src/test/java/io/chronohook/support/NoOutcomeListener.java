package io.chronohook.support;

import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunStore;
import java.util.List;
import reactor.core.publisher.Mono;

/** An outcome listener that does nothing: for tests whose own outcome recorder's listener is not under test. */
public final class NoOutcomeListener implements OutcomeRecorder.Listener {

    @Override
    public Mono<Void> recorded(List<FinishedAttempt> attempts) {
        return Mono.empty();
    }

    @Override
    public Mono<Void> lost(List<RunStore.RescuedRun> dead) {
        return Mono.empty();
    }

    @Override
    public Mono<Void> timedOut(OutcomeRecorder.TimedOut timedOut) {
        return Mono.empty();
    }
}
