package io.chronohook.dashboard.jobs;

import java.util.List;
import java.util.Locale;

import io.chronohook.dashboard.backend.JobActivity;
import io.chronohook.dashboard.page.Times;
import org.springframework.web.util.HtmlUtils;

/**
 * A job's last 24 hours as a small inline SVG: one bar per hour, its height by the runs that ended in it, green for
 * succeeded below red for failed, a tooltip per bar and a summary for screen readers. Built from numbers and escaped
 * text only, so the page may embed it as markup.
 */
public final class Sparkline {

    static final int BAR = 4;
    static final int GAP = 1;
    static final int HEIGHT = 24;

    private Sparkline() {
    }

    /** The SVG markup. */
    public static String svg(JobActivity activity, Times times) {
        List<JobActivity.Bucket> buckets = activity.buckets();
        long most = buckets.stream().mapToLong(bucket -> bucket.succeeded() + bucket.failed()).max().orElse(0);
        int width = Math.max(1, buckets.size() * (BAR + GAP) - GAP);
        StringBuilder svg = new StringBuilder()
                .append("<svg class=\"spark\" width=\"").append(width).append("\" height=\"").append(HEIGHT)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"").append(escape(summary(activity, buckets.size())))
                .append("\">");
        for (int i = 0; i < buckets.size(); i++) {
            JobActivity.Bucket bucket = buckets.get(i);
            long total = bucket.succeeded() + bucket.failed();
            int x = i * (BAR + GAP);
            svg.append("<g><title>").append(escape(times.hour(bucket.start()) + " — " + counts(bucket)))
                    .append("</title>");
            if (total == 0) {
                rect(svg, "none", x, HEIGHT - 2, 2);
            } else {
                int height = Math.max(3, (int) Math.round((double) total / most * HEIGHT));
                int failed = bucket.failed() == 0 ? 0
                        : Math.min(height - (bucket.succeeded() > 0 ? 1 : 0),
                                Math.max(1, (int) Math.round((double) bucket.failed() / total * height)));
                int succeeded = height - failed;
                if (succeeded > 0) {
                    rect(svg, "ok", x, HEIGHT - succeeded, succeeded);
                }
                if (failed > 0) {
                    rect(svg, "bad", x, HEIGHT - height, failed);
                }
            }
            svg.append("</g>");
        }
        return svg.append("</svg>").toString();
    }

    /** "24 h: 95 % of 240 runs succeeded", or that none ended. */
    static String summary(JobActivity activity, int hours) {
        long total = activity.succeeded() + activity.failed();
        if (total == 0) {
            return hours + " h: no runs ended";
        }
        return hours + " h: " + rate(activity) + " of " + total + (total == 1 ? " run" : " runs") + " succeeded";
    }

    /** "95 %", "99.5 %", "100 %" (only when none failed), or "—" when no run ended. */
    public static String rate(JobActivity activity) {
        long total = activity.succeeded() + activity.failed();
        if (total == 0) {
            return "—";
        }
        if (activity.failed() == 0) {
            return "100 %";
        }
        // Rounded down, so that a single failure never reads as 100 %.
        double tenths = Math.floor((double) activity.succeeded() * 1000 / total) / 10;
        return (tenths == Math.floor(tenths) ? String.valueOf((long) tenths)
                : String.format(Locale.ROOT, "%.1f", tenths)) + " %";
    }

    private static String counts(JobActivity.Bucket bucket) {
        if (bucket.succeeded() + bucket.failed() == 0) {
            return "no runs";
        }
        return bucket.succeeded() + " succeeded, " + bucket.failed() + " failed";
    }

    private static void rect(StringBuilder svg, String kind, int x, int y, int height) {
        svg.append("<rect class=\"").append(kind).append("\" x=\"").append(x).append("\" y=\"").append(y)
                .append("\" width=\"").append(BAR).append("\" height=\"").append(height).append("\"/>");
    }

    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text);
    }
}
