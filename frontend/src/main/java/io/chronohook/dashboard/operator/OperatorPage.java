package io.chronohook.dashboard.operator;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.OperatorNode;
import io.chronohook.dashboard.backend.OperatorStats;
import io.chronohook.dashboard.backend.Usage;
import io.chronohook.dashboard.page.Figures;
import io.chronohook.dashboard.page.Times;

/**
 * The operator page: the installation's live figures ({@code stats}, null when the backend has no stats route), its
 * nodes ({@code nodes}, null when the backend does not list them) and the plan catalogue.
 */
public record OperatorPage(OperatorStats stats, List<OperatorNode> nodes, List<Usage.Plan> plans) {

    /** Attempt outcomes in the order the table lists them. */
    static final List<String> OUTCOMES = List.of("delivered", "accepted", "rejected", "failed", "blocked", "lost");

    public OperatorPage {
        plans = List.copyOf(plans);
        nodes = nodes == null ? null : List.copyOf(nodes);
    }

    public boolean hasNodes() {
        return nodes != null;
    }

    /** The first 8 hex digits of a node's id: enough to tell nodes apart on one page. */
    public static String shortId(String id) {
        return id.length() > 13 ? id.substring(0, 13) : id;
    }

    /** One attempt outcome of the window, with its share of all attempts. */
    public record Outcome(String name, long count, int percent) {
    }

    public boolean hasStats() {
        return stats != null;
    }

    /** {@code 840 ms}, {@code 2.4 s}; a dash without samples. */
    public static String lag(Double ms) {
        return ms == null ? "—" : Times.millis(Math.round(ms));
    }

    /** {@code 12.5}. */
    public static String perSecond(double value) {
        return Figures.rate(value);
    }

    /** "last 1 min" from the window's ISO-8601 duration. */
    public String window() {
        try {
            return "last " + Figures.seconds(Duration.parse(stats.window()).toSeconds());
        } catch (DateTimeParseException | NullPointerException unknown) {
            return "recent window";
        }
    }

    /** Outcomes from success to loss (unknown ones last, by name), each with its share of all attempts. */
    public List<Outcome> outcomes() {
        long total = stats.outcomes().values().stream().mapToLong(Long::longValue).sum();
        return stats.outcomes().entrySet().stream()
                .sorted(Comparator.comparingInt((Map.Entry<String, Long> entry) -> rank(entry.getKey()))
                        .thenComparing(Map.Entry::getKey))
                .map(entry -> new Outcome(entry.getKey(), entry.getValue(), Figures.percent(entry.getValue(), total)))
                .toList();
    }

    private static int rank(String outcome) {
        int known = OUTCOMES.indexOf(outcome);
        return known < 0 ? OUTCOMES.size() : known;
    }
}
