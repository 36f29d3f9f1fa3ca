package io.chronohook.dispatch.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Headers as kept with an attempt: one {@code name: value} a line, at most {@link #MAX_HEADERS} of them and
 * {@link #MAX_CHARS} characters in all. A value that may be a credential is replaced by {@link #MASK}, so what is kept
 * can be shown to anyone who may read the run.
 */
public final class HeaderLines {

    /** What a masked value reads as. */
    public static final String MASK = "••••••";
    public static final int MAX_HEADERS = 50;
    public static final int MAX_CHARS = 8192;

    /** Values that are always secret, whoever sets them. */
    private static final Set<String> ALWAYS_SECRET = Set.of("authorization", "proxy-authorization", "cookie",
            "set-cookie", "x-api-key", "api-key");
    /** Words in a header name that say its value is a credential. */
    private static final List<String> SECRET_WORDS = List.of("token", "secret", "key", "auth", "password", "cookie",
            "session", "credential", "signature");
    /** Header names whose values are never secret, though their names may hold a secret word. */
    private static final Set<String> NEVER_SECRET = Set.of("webhook-signature", "webhook-id", "webhook-timestamp");
    /** Past this many names told apart, a name is judged afresh each time instead of remembered. */
    private static final int NAMES_KEPT = 4096;
    /**
     * Names already judged, as written (every attempt sends and receives much the same few dozen names; lowering
     * each and looking for nine words in it was a few percent of the delivery path).
     */
    private static final Map<String, Boolean> JUDGED = new ConcurrentHashMap<>();

    private HeaderLines() {
    }

    /** True when a header of this name may carry a credential (its value is then kept masked). */
    public static boolean isSecret(String name) {
        Boolean judged = JUDGED.get(name);
        if (judged != null) {
            return judged;
        }
        boolean secret = judge(name);
        if (JUDGED.size() < NAMES_KEPT) {
            JUDGED.put(name, secret);
        }
        return secret;
    }

    private static boolean judge(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (NEVER_SECRET.contains(lower)) {
            return false;
        }
        if (ALWAYS_SECRET.contains(lower)) {
            return true;
        }
        for (String word : SECRET_WORDS) { // a loop, not a stream: this runs for every header of every attempt
            if (lower.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** The headers as kept: secret values masked, cut to the limits. */
    public static String of(Iterable<Map.Entry<String, String>> headers) {
        StringBuilder lines = new StringBuilder();
        int count = 0;
        for (Map.Entry<String, String> header : headers) {
            String value = isSecret(header.getKey()) ? MASK : oneLine(header.getValue());
            if (count == MAX_HEADERS || lines.length() + header.getKey().length() + value.length() + 3 > MAX_CHARS) {
                break;
            }
            lines.append(header.getKey()).append(": ").append(value).append('\n');
            count++;
        }
        return lines.toString();
    }

    /** Reads kept lines back as (name, value) pairs, in order. */
    public static List<Map.Entry<String, String>> parse(String lines) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        if (lines == null) {
            return headers;
        }
        for (String line : lines.split("\n")) {
            int colon = line.indexOf(": ");
            if (colon > 0) {
                headers.add(Map.entry(line.substring(0, colon), line.substring(colon + 2)));
            }
        }
        return headers;
    }

    private static String oneLine(String value) {
        if (value == null) {
            return "";
        }
        return value.indexOf('\r') < 0 && value.indexOf('\n') < 0 ? value : value.replace('\r', ' ').replace('\n', ' ');
    }
}
