package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.job.JobDefinition.MissedRunPolicy;
import io.chronohook.job.timing.CronSchedule;
import io.chronohook.job.timing.FireSchedule;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class OccurrencePlanTest {

    private static final FireSchedule EVERY_MINUTE = CronSchedule.parse("* * * * *", ZoneOffset.UTC);
    /** The planner's view after five minutes down: occurrences 10:00..10:04 missed, 10:05 due 1 s ago. */
    private static final Instant FIRST_MISSED = Instant.parse("2027-01-01T10:00:00Z");
    private static final Instant NOW = Instant.parse("2027-01-01T10:05:01Z");
    private static final Instant MISSED_BEFORE = NOW.minus(Duration.ofSeconds(60));
    private static final Instant HORIZON = NOW.plusSeconds(10);

    private static OccurrencePlan plan(MissedRunPolicy policy, int backfillLimit) {
        return OccurrencePlan.of(EVERY_MINUTE, FIRST_MISSED, MISSED_BEFORE, HORIZON, policy, backfillLimit, null, 0,
                1000);
    }

    private static Instant at(String minute) {
        return Instant.parse("2027-01-01T10:" + minute + ":00Z");
    }

    @Test
    void skipRecordsEveryMissedOccurrenceAsSkippedAndFiresNoneOfThem() {
        OccurrencePlan plan = plan(MissedRunPolicy.SKIP, 10);

        assertThat(plan.skipped()).containsExactly(at("00"), at("01"), at("02"), at("03"), at("04"));
        assertThat(plan.fire()).containsExactly(at("05"));
        assertThat(plan.next()).isEqualTo(at("06"));
    }

    @Test
    void fireOnceFiresTheLatestMissedOccurrence() {
        OccurrencePlan plan = plan(MissedRunPolicy.FIRE_ONCE, 10);

        assertThat(plan.fire()).containsExactly(at("04"), at("05"));
        assertThat(plan.skipped()).containsExactly(at("00"), at("01"), at("02"), at("03"));
    }

    @Test
    void backfillFiresTheLatestMissedOccurrencesUpToItsLimit() {
        OccurrencePlan plan = plan(MissedRunPolicy.BACKFILL, 3);

        assertThat(plan.fire()).containsExactly(at("02"), at("03"), at("04"), at("05"));
        assertThat(plan.skipped()).containsExactly(at("00"), at("01"));
    }

    @Test
    void nothingIsMissedWhenThePlannerIsOnTime() {
        OccurrencePlan plan = OccurrencePlan.of(EVERY_MINUTE, at("05"), MISSED_BEFORE, HORIZON,
                MissedRunPolicy.SKIP, 10, null, 0, 1000);

        assertThat(plan.fire()).containsExactly(at("05"));
        assertThat(plan.skipped()).isEmpty();
    }

    @Test
    void aLongOutageSpanningSeveralRoundsFiresOnlyInTheRoundThatReachesThePresent() {
        OccurrencePlan first = OccurrencePlan.of(EVERY_MINUTE, FIRST_MISSED, MISSED_BEFORE, HORIZON,
                MissedRunPolicy.FIRE_ONCE, 10, null, 0, 3);

        assertThat(first.fire()).isEmpty();
        assertThat(first.skipped()).containsExactly(at("00"), at("01"), at("02"));
        OccurrencePlan second = OccurrencePlan.of(EVERY_MINUTE, first.next(), MISSED_BEFORE, HORIZON,
                MissedRunPolicy.FIRE_ONCE, 10, null, 0, 3);
        assertThat(second.fire()).containsExactly(at("04"), at("05"));
        assertThat(second.skipped()).containsExactly(at("03"));
    }

    @Test
    void maxRunsEndsTheScheduleOnceReached() {
        OccurrencePlan plan = OccurrencePlan.of(EVERY_MINUTE, at("05"), MISSED_BEFORE, NOW.plusSeconds(600),
                MissedRunPolicy.SKIP, 10, 4, 2, 1000);

        assertThat(plan.fire()).containsExactly(at("05"), at("06"));
        assertThat(plan.next()).isNull();
    }

    @Test
    void occurrencesBeyondTheHorizonWaitForALaterRound() {
        OccurrencePlan plan = OccurrencePlan.of(EVERY_MINUTE, at("06"), MISSED_BEFORE, HORIZON,
                MissedRunPolicy.SKIP, 10, null, 0, 1000);

        assertThat(plan.fire()).isEqualTo(List.of());
        assertThat(plan.next()).isEqualTo(at("06"));
    }
}
