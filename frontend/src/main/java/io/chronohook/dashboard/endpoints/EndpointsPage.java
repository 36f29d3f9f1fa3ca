package io.chronohook.dashboard.endpoints;

import java.util.List;

import io.chronohook.dashboard.backend.Endpoint;
import io.chronohook.dashboard.backend.FlowKey;
import io.chronohook.dashboard.jobs.Durations;

/** The tenant's target hosts with their circuit state, the last day's deliveries and flow limits; its flow keys. */
public record EndpointsPage(List<Endpoint> endpoints, List<FlowKey> keys) {

    public EndpointsPage {
        endpoints = List.copyOf(endpoints);
        keys = List.copyOf(keys);
    }

    /** How many circuits are not closed, for the summary line. */
    public long troubled() {
        return endpoints.stream().filter(endpoint -> !"closed".equals(endpoint.circuitState())).count();
    }

    /** Whether a limit is being waited for, or is full: the page then refreshes itself. */
    public boolean busy() {
        return endpoints.stream().anyMatch(endpoint -> endpoint.limits() != null && endpoint.limits().waiting() > 0)
                || keys.stream().anyMatch(key -> key.waiting() != null && key.waiting() > 0);
    }

    /** The bar's colour for a success rate: ok from 95 %, bad under 50 %, warn between. */
    public static String tone(Double successRate) {
        if (successRate == null) {
            return "";
        }
        return successRate >= 0.95 ? "ok" : successRate < 0.5 ? "bad" : "warn";
    }

    /** A rate for people: {@code 20 per 1 s, bursts of 40}; null without one. */
    public static String rate(Endpoint.Rate rate) {
        if (rate == null) {
            return null;
        }
        String per = Durations.brief(rate.period());
        return rate.limit() + " per " + per + (rate.burst() == rate.limit() ? "" : ", bursts of " + rate.burst());
    }

    /** Requests in flight against the limit: {@code 3 of 10 in flight}, or {@code 3 in flight} without one. */
    public static String inFlight(long inFlight, Integer max) {
        return max == null ? inFlight + " in flight" : inFlight + " of " + max + " in flight";
    }
}
