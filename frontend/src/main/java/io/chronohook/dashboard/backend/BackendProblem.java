package io.chronohook.dashboard.backend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The backend refused a call with an RFC 9457 problem document: its status, stable {@code code}, human {@code detail}
 * and, for validation, the fields it names. Pages turn it into messages next to the fields or into an error page.
 */
public class BackendProblem extends RuntimeException {

    private final int status;
    private final String code;
    private final String detail;
    private final List<FieldProblem> errors;

    public BackendProblem(int status, String code, String detail, List<FieldProblem> errors) {
        super("backend answered " + status + " " + code + ": " + detail);
        this.status = status;
        this.code = code == null ? "http_" + status : code;
        this.detail = detail == null ? "the request failed with HTTP " + status : detail;
        this.errors = errors == null ? List.of() : List.copyOf(errors);
    }

    /** One field the backend named, with its reason (e.g. {@code schedule.cron}: "is not a valid cron expression"). */
    public record FieldProblem(String field, String message) {
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String detail() {
        return detail;
    }

    public List<FieldProblem> errors() {
        return errors;
    }

    public boolean isNotFound() {
        return status == 404;
    }

    /** The first message the backend gave for {@code field}, if it named it. */
    public Optional<String> messageFor(String field) {
        return errors.stream().filter(error -> field.equals(error.field())).map(FieldProblem::message).findFirst();
    }

    /**
     * The first message per field the backend named, for a form that shows them beside its fields; an item of a list
     * ({@code scopes[1]}) counts as the list ({@code scopes}).
     */
    public Map<String, String> messagesByField() {
        Map<String, String> messages = new LinkedHashMap<>();
        for (FieldProblem error : errors) {
            String field = error.field() == null ? "" : error.field();
            int item = field.indexOf('[');
            messages.putIfAbsent(item > 0 ? field.substring(0, item) : field,
                    error.message() == null ? "is not valid" : error.message());
        }
        return messages;
    }
}
