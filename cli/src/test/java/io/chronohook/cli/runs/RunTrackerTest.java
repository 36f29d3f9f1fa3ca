package io.chronohook.cli.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RunTrackerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final RunTracker tracker = new RunTracker();

    @Test
    void startsWithTheRunsUnderWayAndOnlyRemembersThoseAlreadyOver() {
        List<RunTracker.Change> underway = tracker.start(List.of(
                run("run_3", 3, "scheduled"), run("run_2", 2, "retry_wait"), run("run_1", 1, "succeeded")));

        assertThat(underway).extracting(change -> change.run().path("id").asString())
                .containsExactly("run_2", "run_3");
        assertThat(tracker.underway()).containsExactlyInAnyOrder("run_2", "run_3");
        assertThat(tracker.observe(List.of(run("run_1", 1, "succeeded")))).isEmpty();
    }

    @Test
    void showsNewRunsAndChangesOfStateOnceOldestFirst() {
        tracker.start(List.of(run("run_1", 1, "scheduled")));

        List<RunTracker.Change> first = tracker.observe(List.of(
                run("run_2", 2, "scheduled"), run("run_1", 1, "succeeded")));
        List<RunTracker.Change> again = tracker.observe(List.of(
                run("run_2", 2, "scheduled"), run("run_1", 1, "succeeded")));

        assertThat(first).extracting(c -> c.run().path("id").asString(), RunTracker.Change::previousState,
                        RunTracker.Change::finished)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("run_1", "scheduled", true),
                        org.assertj.core.groups.Tuple.tuple("run_2", null, false));
        assertThat(again).isEmpty();
    }

    @Test
    void aRunEndsOnceForTheCountEvenWhenADeadRunIsReplayedAndThenDelivered() {
        tracker.start(List.of());

        assertThat(tracker.observe(List.of(run("run_1", 1, "dead")))).extracting(RunTracker.Change::finished)
                .containsExactly(true);
        assertThat(tracker.observe(List.of(run("run_1", 1, "queued")))).extracting(RunTracker.Change::finished)
                .containsExactly(false);
        assertThat(tracker.observe(List.of(run("run_1", 1, "succeeded")))).extracting(RunTracker.Change::finished)
                .containsExactly(false);
    }

    @Test
    void aRunThatIsForgottenIsNoLongerFollowed() {
        tracker.start(List.of(run("run_1", 1, "queued")));

        tracker.forget("run_1");

        assertThat(tracker.underway()).isEmpty();
    }

    @Test
    void aTailLineSaysTheStateTheOneBeforeAndTheHttpStatus() {
        String line = RunFormat.tailLine(JSON.readTree("""
                {"id":"run_1","jobId":"job_1","state":"succeeded","scheduledFor":"2026-11-26T15:40:10.5Z",
                 "attempt":1,"lastStatusCode":200,"lastError":null}"""), "scheduled", false);

        assertThat(line).isEqualTo("run_1  succeeded       scheduled for 2026-11-26T15:40:10Z  attempt 1  HTTP 200"
                + "  (was scheduled)");
    }

    @Test
    void aTailLineSaysWhyARunIsHeldBackWithoutAnAttempt() {
        String line = RunFormat.tailLine(JSON.readTree("""
                {"id":"run_2","jobId":"job_1","state":"retry_wait","scheduledFor":"2026-11-26T15:40:11Z",
                 "attempt":0,"lastStatusCode":null,"lastError":null,
                 "deferral":{"reason":"circuit_open","host":"example.com","count":1}}"""), "scheduled", true);

        assertThat(line).isEqualTo("run_2  retry_wait      scheduled for 2026-11-26T15:40:11Z  attempt 0"
                + "  (was scheduled)  held back: circuit_open  job job_1");
    }

    private static JsonNode run(String id, int second, String state) {
        return JSON.readTree("{\"id\":\"" + id + "\",\"state\":\"" + state + "\",\"scheduledFor\":\"2026-11-26T15:40:0"
                + second + "Z\"}");
    }
}
