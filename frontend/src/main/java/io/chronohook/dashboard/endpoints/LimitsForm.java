package io.chronohook.dashboard.endpoints;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.chronohook.dashboard.jobs.Durations;
import org.springframework.util.MultiValueMap;

/**
 * The limits forms of the endpoints page as typed (a host's, or a flow key's with its weight), turned into the body
 * the API takes; what cannot be read (a number that is none, a period that is no duration) is named per field.
 */
record LimitsForm(Map<String, Object> body, Map<String, String> errors) {

    boolean ok() {
        return errors.isEmpty();
    }

    /** The limits of a host or key: {@code maxInFlight}, and a rate of {@code rateLimit} per {@code ratePeriod}. */
    static LimitsForm of(MultiValueMap<String, String> form, boolean withWeight) {
        Map<String, Object> body = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        if (withWeight) {
            number(form, "weight", errors).ifPresent(weight -> body.put("weight", weight));
        }
        number(form, "maxInFlight", errors).ifPresent(max -> body.put("maxInFlight", max));
        Optional<Integer> limit = number(form, "rateLimit", errors);
        Optional<Integer> burst = number(form, "rateBurst", errors);
        String periodText = text(form, "ratePeriod");
        Optional<Duration> period = periodText.isEmpty() ? Optional.empty() : Durations.fromTyped(periodText);
        if (!periodText.isEmpty() && period.isEmpty()) {
            errors.put("ratePeriod", Durations.HOW_TO_TYPE);
        }
        if (limit.isPresent()) {
            Map<String, Object> rate = new LinkedHashMap<>();
            rate.put("limit", limit.get());
            period.ifPresent(value -> rate.put("period", value.toString()));
            burst.ifPresent(value -> rate.put("burst", value));
            body.put("rate", rate);
        } else if (period.isPresent() || burst.isPresent()) {
            errors.put("rateLimit", "Give the number of requests per period, or leave the rate empty.");
        }
        return new LimitsForm(body, errors);
    }

    static String text(MultiValueMap<String, String> form, String field) {
        String value = form.getFirst(field);
        return value == null ? "" : value.strip();
    }

    private static Optional<Integer> number(MultiValueMap<String, String> form, String field,
                                            Map<String, String> errors) {
        String text = text(form, field);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            errors.put(field, "Must be a whole number.");
            return Optional.empty();
        }
    }
}
