package io.chronohook.dashboard.endpoints;

import java.util.List;

import io.chronohook.dashboard.backend.Endpoint;

/** The tenant's target hosts with their circuit state and the last day's deliveries. */
public record EndpointsPage(List<Endpoint> endpoints) {

    public EndpointsPage {
        endpoints = List.copyOf(endpoints);
    }

    /** How many circuits are not closed, for the summary line. */
    public long troubled() {
        return endpoints.stream().filter(endpoint -> !"closed".equals(endpoint.circuitState())).count();
    }

    /** The bar's colour for a success rate: ok from 95 %, bad under 50 %, warn between. */
    public static String tone(Double successRate) {
        if (successRate == null) {
            return "";
        }
        return successRate >= 0.95 ? "ok" : successRate < 0.5 ? "bad" : "warn";
    }
}
