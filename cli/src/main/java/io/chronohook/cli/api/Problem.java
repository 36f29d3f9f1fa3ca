package io.chronohook.cli.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the API said when it refused or failed a request: its RFC 9457 problem ({@code title}, {@code detail},
 * {@code code}, {@code errors[]}), or what can be made of an answer that is not one (a proxy's HTML page, an empty
 * body).
 */
public record Problem(int status, String title, String detail, String code, List<FieldError> errors) {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int MAX_TEXT_SHOWN = 300;
    private static final Map<Integer, String> REASONS = Map.ofEntries(
            Map.entry(400, "Bad Request"), Map.entry(401, "Unauthorized"), Map.entry(403, "Forbidden"),
            Map.entry(404, "Not Found"), Map.entry(405, "Method Not Allowed"), Map.entry(409, "Conflict"),
            Map.entry(410, "Gone"), Map.entry(412, "Precondition Failed"), Map.entry(413, "Content Too Large"),
            Map.entry(415, "Unsupported Media Type"), Map.entry(422, "Unprocessable Content"),
            Map.entry(429, "Too Many Requests"), Map.entry(500, "Internal Server Error"),
            Map.entry(502, "Bad Gateway"), Map.entry(503, "Service Unavailable"), Map.entry(504, "Gateway Timeout"));

    /** One invalid field of the request, as the problem's {@code errors[]} names it. */
    public record FieldError(String field, String message) {
    }

    public Problem {
        errors = List.copyOf(errors);
    }

    /** The problem in an answer's body, or one made from its status when the body is not a problem document. */
    public static Problem of(int status, String body) {
        JsonNode json = parse(body);
        if (json == null || !json.isObject()) {
            return new Problem(status, reason(status), plainText(body), null, List.of());
        }
        List<FieldError> errors = new ArrayList<>();
        for (JsonNode error : json.path("errors")) {
            errors.add(new FieldError(text(error.get("field")), text(error.get("message"))));
        }
        String title = text(json.get("title"));
        return new Problem(status, title == null ? reason(status) : title, text(json.get("detail")),
                text(json.get("code")), errors);
    }

    /**
     * The lines shown on stderr: {@code 404 Not Found: job x does not exist (not_found)}, then one line per invalid
     * field.
     */
    public List<String> describe() {
        StringBuilder first = new StringBuilder().append(status).append(' ').append(title);
        if (detail != null && !detail.isBlank()) {
            first.append(": ").append(detail);
        }
        if (code != null) {
            first.append(" (").append(code).append(')');
        }
        List<String> lines = new ArrayList<>();
        lines.add(first.toString());
        for (FieldError error : errors) {
            lines.add("  " + (error.field() == null ? "" : error.field() + ": ")
                    + (error.message() == null ? "is invalid" : error.message()));
        }
        return lines;
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            return JSON.readTree(body);
        } catch (JacksonException notJson) {
            return null;
        }
    }

    private static String reason(int status) {
        return REASONS.getOrDefault(status, "HTTP " + status);
    }

    private static String plainText(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        String oneLine = body.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= MAX_TEXT_SHOWN ? oneLine : oneLine.substring(0, MAX_TEXT_SHOWN) + "…";
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode() ? null
                : node.isValueNode() ? node.asString() : node.toString();
    }
}
