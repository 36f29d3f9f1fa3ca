package io.chronohook.dashboard.page;

import java.util.Locale;

/** Numbers for people: counts with thousands separators, plan limits ("no limit"), money from cents, sizes, rates. */
public final class Figures {

    /** Plans without a limit store the largest long; anything this large is shown as "no limit". */
    private static final long UNLIMITED = Long.MAX_VALUE / 2;

    private Figures() {
    }

    /** {@code 1,234,567}. */
    public static String count(long n) {
        return String.format(Locale.ENGLISH, "%,d", n);
    }

    /** A plan limit: the count, or "no limit" for the unlimited plan's sentinel. */
    public static String limit(long n) {
        return isUnlimited(n) ? "no limit" : count(n);
    }

    public static boolean isUnlimited(long n) {
        return n >= UNLIMITED;
    }

    /** {@code $1,234.56} from cents. */
    public static String money(long cents) {
        String sign = cents < 0 ? "-" : "";
        long abs = Math.abs(cents);
        return sign + "$" + String.format(Locale.ENGLISH, "%,d.%02d", abs / 100, abs % 100);
    }

    /** {@code 512 B}, {@code 64 KiB}, {@code 1 MiB}, {@code 1.5 MiB}. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1024 * 1024) {
            return trim(n / 1024.0) + " KiB";
        }
        return trim(n / (1024.0 * 1024)) + " MiB";
    }

    /** {@code 45 s}, {@code 5 min}, {@code 2 h}. */
    public static String seconds(long n) {
        if (n >= 3600 && n % 3600 == 0) {
            return n / 3600 + " h";
        }
        if (n >= 60 && n % 60 == 0) {
            return n / 60 + " min";
        }
        return n + " s";
    }

    /** A rate with at most two decimals and no trailing zeros: {@code 12}, {@code 0.25}, {@code 1,000}. */
    public static String rate(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return count((long) value);
        }
        return trim(value);
    }

    /** Whole per cent of {@code part} in {@code whole}, 0 when the whole is empty or unlimited. */
    public static int percent(long part, long whole) {
        if (whole <= 0 || isUnlimited(whole)) {
            return 0;
        }
        return (int) Math.min(100, Math.round(part * 100.0 / whole));
    }

    private static String trim(double value) {
        String text = String.format(Locale.ENGLISH, "%,.2f", value);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }
}
