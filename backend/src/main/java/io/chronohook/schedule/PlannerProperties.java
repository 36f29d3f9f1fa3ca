package io.chronohook.schedule;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Planner settings: how often it runs, how many jobs one round locks, how many occurrences of one job it looks at
 * per round and how many runs one round writes at most (each job then gets its share, at least one occurrence), and
 * how late an occurrence may be planned before it counts as missed, and how far past the gate's horizon a job is
 * planned once its next occurrence enters the horizon ({@code reach}: a job firing every second has its row rewritten
 * once per reach, not once per run).
 */
@ConfigurationProperties("chronohook.planner")
public record PlannerProperties(
        @DefaultValue("PT0.5S") Duration interval,
        @DefaultValue("5000") int batch,
        @DefaultValue("1000") int occurrencesPerJob,
        @DefaultValue("20000") int runsPerRound,
        @DefaultValue("PT60S") Duration missedAfter,
        @DefaultValue("PT10S") Duration reach) {

    public PlannerProperties {
        if (batch < 1 || batch > 10_000) {
            throw new IllegalArgumentException("chronohook.planner.batch must be between 1 and 10000");
        }
        if (occurrencesPerJob < 1 || occurrencesPerJob > 100_000) {
            throw new IllegalArgumentException("chronohook.planner.occurrences-per-job must be between 1 and 100000");
        }
        if (runsPerRound < 1 || runsPerRound > 1_000_000) {
            throw new IllegalArgumentException("chronohook.planner.runs-per-round must be between 1 and 1000000");
        }
        if (missedAfter.compareTo(Duration.ofSeconds(5)) < 0) {
            throw new IllegalArgumentException("chronohook.planner.missed-after must be at least PT5S");
        }
        if (reach.isNegative() || reach.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("chronohook.planner.reach must be between PT0S and PT1M");
        }
    }

    /** Occurrences one job may get in a round that locked {@code jobs} jobs. */
    public int occurrencesPerJob(int jobs) {
        return Math.max(1, Math.min(occurrencesPerJob, runsPerRound / Math.max(1, jobs)));
    }
}
