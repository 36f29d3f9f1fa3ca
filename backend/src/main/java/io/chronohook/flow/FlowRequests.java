package io.chronohook.flow;

import io.swagger.v3.oas.annotations.media.Schema;

/** The bodies of the flow-control calls, kept as sent so validation can name the field and the reason. */
public final class FlowRequests {

    private FlowRequests() {
    }

    /** {@code PUT /api/v1/flow-keys/{key}}. */
    public record FlowKey(Integer weight, Integer maxInFlight, RateSpec rate) {
    }

    /** {@code PUT /api/v1/endpoints/{host}/limits}. */
    @Schema(name = "EndpointLimitsRequest")
    public record Endpoint(Integer maxInFlight, RateSpec rate) {
    }

    /** {@code limit} requests per {@code period} (ISO-8601, default PT1S), bursts up to {@code burst}. */
    public record RateSpec(Integer limit, String period, Integer burst) {
    }
}
