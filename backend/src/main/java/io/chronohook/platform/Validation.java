package io.chronohook.platform;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/** Collects every invalid field of a request before answering, so that a client sees all its mistakes at once. */
public final class Validation {

    private final List<FieldError> errors = new ArrayList<>();

    public Validation require(boolean valid, String field, String message) {
        if (!valid) {
            errors.add(new FieldError(field, message));
        }
        return this;
    }

    /** Records an error with a specific code ({@code invalid_cron}, {@code target_not_allowed}…). */
    public Validation fail(String field, String message, String code) {
        errors.add(new FieldError(field, message, code));
        return this;
    }

    /** A required text of bounded length; returns the trimmed text, or null when invalid. */
    public String text(String value, String field, int min, int max) {
        if (value == null || value.isBlank()) {
            errors.add(new FieldError(field, "is required"));
            return null;
        }
        String trimmed = value.strip();
        if (trimmed.length() < min || trimmed.length() > max) {
            errors.add(new FieldError(field, "must be " + min + " to " + max + " characters long"));
            return null;
        }
        return trimmed;
    }

    /** An optional ISO-8601 instant; null when absent or invalid (then recorded). */
    public Instant instant(String text, String field) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(field, "must be an ISO-8601 instant such as 2026-12-01T09:00:00Z"));
            return null;
        }
    }

    /** An optional ISO-8601 duration within {@code [min, max]}; {@code fallback} when absent or invalid (then recorded). */
    public Duration duration(String text, String field, Duration fallback, Duration min, Duration max) {
        if (text == null) {
            return fallback;
        }
        Duration value;
        try {
            value = Duration.parse(text);
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(field, "must be an ISO-8601 duration such as PT30S"));
            return fallback;
        }
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            errors.add(new FieldError(field, "must be between " + min + " and " + max));
            return fallback;
        }
        return value;
    }

    public boolean failed(String field) {
        return errors.stream().anyMatch(error -> error.field().equals(field));
    }

    /** Throws a 400 listing every collected error, if there is any. */
    public void check() {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }
}
