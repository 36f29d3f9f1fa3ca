package io.chronohook.observability;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads {@code OTEL_EXPORTER_OTLP_HEADERS}: comma-separated {@code key=value} pairs, values URL-encoded. */
final class OtlpHeaders {

    private OtlpHeaders() {
    }

    static Map<String, String> parse(String spec) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (spec == null || spec.isBlank()) {
            return headers;
        }
        for (String pair : spec.split(",")) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("chronohook.tracing.otlp-headers: '" + pair.strip()
                        + "' is not key=value");
            }
            headers.put(pair.substring(0, equals).strip(),
                    URLDecoder.decode(pair.substring(equals + 1).strip(), StandardCharsets.UTF_8));
        }
        return headers;
    }
}
