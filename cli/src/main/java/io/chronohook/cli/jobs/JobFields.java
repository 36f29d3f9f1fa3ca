package io.chronohook.cli.jobs;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parts of a job given as options of {@code jobs create} and {@code jobs update}; null when not given. Exactly
 * one schedule kind at most: {@code cron} (with {@code timeZone}), {@code every}, {@code at} or {@code delay}.
 */
record JobFields(String name, String cron, String timeZone, String every, String at, String delay, String url,
                 String method, Map<String, String> headers, String body, String contentType,
                 Map<String, String> labels, Integer maxAttempts, String timeout) {

    JobFields {
        headers = ordered(headers);
        labels = ordered(labels);
    }

    /** A copy in the order given on the command line, so the JSON sent lists them in that order too. */
    private static Map<String, String> ordered(Map<String, String> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    boolean isEmpty() {
        return name == null && cron == null && timeZone == null && every == null && at == null && delay == null
                && url == null && method == null && headers.isEmpty() && body == null && contentType == null
                && labels.isEmpty() && maxAttempts == null && timeout == null;
    }
}
