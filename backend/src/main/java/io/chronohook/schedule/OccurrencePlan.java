package io.chronohook.schedule;

import io.chronohook.job.JobDefinition.MissedRunPolicy;
import io.chronohook.job.timing.FireSchedule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The pure part of planning one job: which occurrences up to the horizon fire, which were missed and are skipped
 * (by the missed-run policy), and the job's next occurrence afterwards (null when the schedule has ended).
 */
public record OccurrencePlan(List<Instant> fire, List<Instant> skipped, Instant next) {

    /**
     * Plans from {@code nextFireAt}. Occurrences before {@code missedBefore} were missed (the system was down or
     * the job paused): {@code skip} fires none of them, {@code fireOnce} the latest, {@code backfill} the latest
     * {@code backfillLimit}; the rest are recorded as skipped. At most {@code cap} occurrences are looked at per call;
     * the planner continues from {@code next} on its next round.
     */
    public static OccurrencePlan of(FireSchedule schedule, Instant nextFireAt, Instant missedBefore, Instant horizon,
                                    MissedRunPolicy policy, int backfillLimit, Integer maxRuns, int runsPlanned,
                                    int cap) {
        List<Instant> missed = new ArrayList<>();
        List<Instant> due = new ArrayList<>();
        Instant t = nextFireAt;
        while (t != null && !t.isAfter(horizon) && missed.size() + due.size() < cap) {
            (t.isBefore(missedBefore) ? missed : due).add(t);
            t = schedule.nextAfter(t).orElse(null);
        }
        boolean stillMissing = t != null && t.isBefore(missedBefore);
        int keep = stillMissing ? 0 : switch (policy) {
            case SKIP -> 0;
            case FIRE_ONCE -> Math.min(1, missed.size());
            case BACKFILL -> Math.min(backfillLimit, missed.size());
        };
        List<Instant> skipped = new ArrayList<>(missed.subList(0, missed.size() - keep));
        List<Instant> fire = new ArrayList<>(missed.subList(missed.size() - keep, missed.size()));
        fire.addAll(due);
        if (maxRuns != null && runsPlanned + fire.size() >= maxRuns) {
            fire = new ArrayList<>(fire.subList(0, Math.max(0, maxRuns - runsPlanned)));
            t = null;
        }
        return new OccurrencePlan(fire, skipped, t);
    }
}
