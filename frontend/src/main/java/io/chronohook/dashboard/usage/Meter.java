package io.chronohook.dashboard.usage;

import io.chronohook.dashboard.page.Figures;

/** How much of a plan limit is used: the bar's width in per cent and whether the use went over the limit. */
public record Meter(long used, long limit) {

    public boolean unlimited() {
        return Figures.isUnlimited(limit);
    }

    public boolean over() {
        return !unlimited() && used > limit;
    }

    /** Bar width, 0–100. */
    public int percent() {
        return over() ? 100 : Figures.percent(used, limit);
    }

    /** Per cent of the limit used, not capped at 100, for the label ("112% of the included executions"). */
    public long share() {
        return unlimited() || limit <= 0 ? 0 : Math.round(used * 100.0 / limit);
    }

    /** How far past the limit. */
    public long excess() {
        return Math.max(0, used - limit);
    }

    public String barClass() {
        return over() ? "bar over" : "bar";
    }
}
