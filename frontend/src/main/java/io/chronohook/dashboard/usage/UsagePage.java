package io.chronohook.dashboard.usage;

import java.time.Instant;
import java.util.List;

import io.chronohook.dashboard.backend.Usage;
import io.chronohook.dashboard.page.Figures;

/** The usage page: the period's figures against the plan, the daily chart, the plan's limits and the invoice. */
public record UsagePage(Usage usage, String period, Meter executions, Meter jobs, String chart, List<String> axis,
                        List<Limit> limits) {

    public UsagePage {
        axis = List.copyOf(axis);
        limits = List.copyOf(limits);
    }

    /** One row of the plan limits table. */
    public record Limit(String name, String value, String meaning) {
    }

    /** Everything the page shows, from the backend's answer at {@code now}. */
    public static UsagePage of(Usage usage, Instant now) {
        Usage.Plan plan = usage.plan();
        List<String> axis = List.of(UsageChart.axis(usage, now));
        return new UsagePage(usage, axis.getFirst() + " – " + UsageChart.lastDay(usage, now),
                new Meter(usage.executions(), plan.executionsPerMonth()),
                new Meter(usage.jobs(), plan.maxJobs()),
                UsageChart.svg(usage, now), axis, limits(plan));
    }

    private static List<Limit> limits(Usage.Plan plan) {
        return List.of(
                new Limit("Jobs", Figures.limit(plan.maxJobs()), "active and paused jobs at one time"),
                new Limit("Executions per month", Figures.limit(plan.executionsPerMonth()),
                        Figures.isUnlimited(plan.executionsPerMonth()) ? "every execution included"
                                : plan.overageCentsPer1000() > 0
                                ? "included; beyond them " + Figures.money(plan.overageCentsPer1000()) + " per 1,000"
                                : "runs past them are held until the next month or a plan change"),
                new Limit("Dispatch rate", Figures.count(plan.dispatchRatePerSecond()) + " runs/s, bursts of "
                        + Figures.count(plan.dispatchBurst()), "runs over the rate wait their turn; none is dropped"),
                new Limit("Fair-share weight", Figures.count(plan.fairShareWeight()),
                        "your share of a busy installation, against other tenants' weights"),
                new Limit("Minimum interval", Figures.seconds(plan.minIntervalSeconds()),
                        "the shortest gap a cron or interval schedule may fire at"),
                new Limit("Maximum payload", Figures.bytes(plan.maxPayloadBytes()), "a job's request body"),
                new Limit("History retention", Figures.count(plan.historyRetentionDays())
                        + (plan.historyRetentionDays() == 1 ? " day" : " days"), "runs and attempts kept"),
                new Limit("API rate", Figures.count(plan.apiRequestsPerSecond()) + " requests/s",
                        "bursts of twice the rate; then 429 with Retry-After"));
    }

    public Usage.Invoice invoice() {
        return usage.invoice();
    }
}
