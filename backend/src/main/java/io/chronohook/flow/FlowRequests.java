package io.chronohook.flow;

import io.swagger.v3.oas.annotations.media.Schema;

/** The bodies of the flow-control calls, kept as sent so validation can name the field and the reason. */
public final class FlowRequests {

    private FlowRequests() {
    }

    /** {@code PUT /api/v1/flow-keys/{key}}. */
    @Schema(description = "A flow key's settings: its weight among the tenant's backlogged keys and the limits shared "
            + "by all the runs that name it; what is left out is unlimited.")
    public record FlowKey(
            @Schema(description = "The key's share of dispatch among the tenant's keys with runs waiting: 1–1,000; "
                    + "default 1.", example = "5")
            Integer weight,
            @Schema(description = "At most this many of the key's runs in flight at once: 1–100,000; left out for "
                    + "no limit.", example = "10")
            Integer maxInFlight,
            @Schema(description = "At most so many of the key's requests per period; left out for no rate limit.")
            RateSpec rate) {
    }

    /** {@code PUT /api/v1/endpoints/{host}/limits}. */
    @Schema(name = "EndpointLimitsRequest", description = "A host's limits: requests in flight at once, a rate, or "
            + "both (at least one of them); what is left out is unlimited.")
    public record Endpoint(
            @Schema(description = "At most this many requests to the host at once: 1–100,000; left out for no "
                    + "limit.", example = "10")
            Integer maxInFlight,
            @Schema(description = "At most so many requests to the host per period; left out for no rate limit.")
            RateSpec rate) {
    }

    /** {@code limit} requests per {@code period} (ISO-8601, default PT1S), bursts up to {@code burst}. */
    @Schema(description = "A rate: at most `limit` requests per `period`, a token bucket holding `burst`.")
    public record RateSpec(
            @Schema(description = "How many requests per period: 1–100,000.", example = "50",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Integer limit,
            @Schema(description = "The period, an ISO-8601 duration from `PT1S` to `PT1H`; default `PT1S`.",
                    example = "PT1S")
            String period,
            @Schema(description = "How many requests may go out at once after a quiet spell: 1–100,000; default "
                    + "`limit`.", example = "100")
            Integer burst) {
    }
}
