package io.chronohook.dashboard.usage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import io.chronohook.dashboard.backend.Usage;
import io.chronohook.dashboard.page.Figures;
import org.springframework.web.util.HtmlUtils;

/**
 * The executions-per-day bar chart of a billing period as inline SVG: one column per day of the period (days without
 * executions drawn as a thin line, days still to come left empty), each with a {@code <title>} tooltip.
 */
public final class UsageChart {

    static final int HEIGHT = 120;
    static final int COLUMN = 12;
    static final int BAR = 9;
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM", Locale.ENGLISH);
    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("d MMM", Locale.ENGLISH);
    private static final DateTimeFormatter LONG = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);

    private UsageChart() {
    }

    /** The chart's markup; every text in it is escaped. */
    public static String svg(Usage usage, Instant now) {
        LocalDate first = day(usage.periodStart(), now);
        LocalDate end = end(usage, now);
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        Map<LocalDate, Long> counts = new HashMap<>();
        usage.days().forEach(day -> counts.merge(day.day(), day.executions(), Long::sum));
        long peak = counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        LocalDate peakDay = counts.entrySet().stream().filter(entry -> entry.getValue() == peak && peak > 0)
                .map(Map.Entry::getKey).sorted().findFirst().orElse(null);
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        int days = Math.max(1, (int) (end.toEpochDay() - first.toEpochDay()));

        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"usage-chart\" viewBox=\"0 0 ").append(days * COLUMN).append(' ').append(HEIGHT)
                .append("\" preserveAspectRatio=\"none\" width=\"100%\" height=\"").append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"")
                .append(escape(label(first, end.minusDays(1), total, peakDay, peak))).append("\">");
        for (int i = 0; i < days; i++) {
            LocalDate day = first.plusDays(i);
            long count = counts.getOrDefault(day, 0L);
            int x = i * COLUMN + (COLUMN - BAR) / 2;
            String title = DAY.format(day) + ": " + (count == 0 && day.isAfter(today) ? "still to come"
                    : Figures.count(count) + (count == 1 ? " execution" : " executions"));
            svg.append("<g><title>").append(escape(title)).append("</title>");
            svg.append("<rect class=\"hit\" x=\"").append(i * COLUMN).append("\" y=\"0\" width=\"").append(COLUMN)
                    .append("\" height=\"").append(HEIGHT).append("\"/>");
            if (count > 0) {
                int height = Math.max(2, (int) Math.round(count * (HEIGHT - 4.0) / peak));
                svg.append(rect("day", x, HEIGHT - height, height));
            } else if (!day.isAfter(today)) {
                svg.append(rect("zero", x, HEIGHT - 1, 1));
            }
            svg.append("</g>");
        }
        return svg.append("</svg>").toString();
    }

    /** The first, middle and last day of the period, for the labels under the chart. */
    public static String[] axis(Usage usage, Instant now) {
        LocalDate first = day(usage.periodStart(), now);
        LocalDate last = end(usage, now).minusDays(1);
        LocalDate middle = first.plusDays((last.toEpochDay() - first.toEpochDay()) / 2);
        return new String[] {SHORT.format(first), SHORT.format(middle), SHORT.format(last)};
    }

    /** The period's last day with its year, "30 Nov 2026". */
    public static String lastDay(Usage usage, Instant now) {
        return LONG.format(end(usage, now).minusDays(1));
    }

    private static String label(LocalDate first, LocalDate last, long total, LocalDate peakDay, long peak) {
        String span = "Executions per day from " + SHORT.format(first) + " to " + LONG.format(last) + ": "
                + Figures.count(total) + " in total";
        return peakDay == null ? span + "." : span + ", most on " + SHORT.format(peakDay) + " ("
                + Figures.count(peak) + ").";
    }

    private static String rect(String css, int x, int y, int height) {
        return "<rect class=\"" + css + "\" x=\"" + x + "\" y=\"" + y + "\" width=\"" + BAR + "\" height=\"" + height
                + "\" rx=\"1.5\"/>";
    }

    /** The first day after the period. */
    private static LocalDate end(Usage usage, Instant now) {
        LocalDate first = day(usage.periodStart(), now);
        return usage.periodEnd() == null ? first.plusMonths(1) : day(usage.periodEnd(), now);
    }

    private static LocalDate day(Instant at, Instant fallback) {
        return LocalDate.ofInstant(at == null ? fallback : at, ZoneOffset.UTC);
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text);
    }
}
