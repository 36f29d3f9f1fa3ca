package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class RunStateTest {

    @Test
    void theLifecycleOfTheProductSpecificationIsAllowed() {
        assertThat(RunState.SCHEDULED.next()).containsExactlyInAnyOrder(RunState.QUEUED, RunState.CANCELLED,
                RunState.SKIPPED, RunState.QUOTA_EXCEEDED);
        assertThat(RunState.QUEUED.next()).containsExactlyInAnyOrder(RunState.DELIVERING, RunState.CANCELLED);
        assertThat(RunState.DELIVERING.next()).containsExactlyInAnyOrder(RunState.SUCCEEDED, RunState.RETRY_WAIT,
                RunState.RUNNING, RunState.DEAD, RunState.QUEUED);
        assertThat(RunState.RETRY_WAIT.next()).containsExactlyInAnyOrder(RunState.QUEUED, RunState.CANCELLED);
        assertThat(RunState.DEAD.next()).containsExactly(RunState.QUEUED);
        assertThat(RunState.QUOTA_EXCEEDED.next()).containsExactlyInAnyOrder(RunState.QUEUED, RunState.CANCELLED);
    }

    @Test
    void finalStatesGoNowhere() {
        for (RunState state : EnumSet.of(RunState.SUCCEEDED, RunState.CANCELLED, RunState.SKIPPED)) {
            assertThat(state.next()).as(state.wire()).isEmpty();
            assertThat(state.finished()).isTrue();
        }
        assertThat(RunState.DEAD.finished()).isTrue();
        assertThat(RunState.DELIVERING.finished()).isFalse();
    }

    @Test
    void noDeliveryStartsFromAFinishedOrCancelledRun() {
        for (RunState state : RunState.values()) {
            boolean claimable = RunState.claimable().contains(state);
            assertThat(claimable).as(state.wire())
                    .isEqualTo(state == RunState.SCHEDULED || state == RunState.QUEUED || state == RunState.RETRY_WAIT);
        }
        assertThat(RunState.CANCELLED.canMoveTo(RunState.DELIVERING)).isFalse();
        assertThat(RunState.SUCCEEDED.canMoveTo(RunState.QUEUED)).isFalse();
    }

    @Test
    void wireNamesRoundTripAndMatchTheDatabaseCheck() {
        for (RunState state : RunState.values()) {
            assertThat(RunState.fromWire(state.wire())).isEqualTo(state);
        }
        assertThat(RunState.RETRY_WAIT.wire()).isEqualTo("retry_wait");
        assertThatThrownBy(() -> RunState.fromWire("pending")).isInstanceOf(IllegalArgumentException.class);
    }
}
