package io.chronohook.dashboard.jobs;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/** Links to a page of this site with query parameters, leaving out empty ones and encoding every value strictly. */
final class Links {

    private Links() {
    }

    /** {@code path?a=1&b=2}; pairs are name, value, name, value… */
    static String to(String path, String... pairs) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            if (pairs[i + 1] != null && !pairs[i + 1].isEmpty()) {
                params.put(pairs[i], pairs[i + 1]);
            }
        }
        if (params.isEmpty()) {
            return path;
        }
        StringJoiner query = new StringJoiner("&", path + "?", "");
        params.forEach((name, value) -> query.add(name + "=" + encode(value)));
        return query.toString();
    }

    private static String encode(String value) {
        // Form encoding writes a space as '+', which a query parameter reads back as '+': use %20.
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
