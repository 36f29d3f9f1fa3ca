package io.chronohook.flow;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** Flow-control settings as the API shows them. */
public final class FlowViews {

    private FlowViews() {
    }

    /** A rate: {@code limit} per {@code period} (ISO-8601), bursts of {@code burst}. */
    @Schema(description = "A rate: at most `limit` requests per `period`, a token bucket holding `burst`.")
    public record RateView(
            @Schema(description = "How many requests per period.", example = "50",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int limit,
            @Schema(description = "The period, an ISO-8601 duration.", example = "PT1S",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String period,
            @Schema(description = "How many requests may go out at once after a quiet spell.", example = "100",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int burst) {

        public static RateView of(Rate rate) {
            return rate == null ? null : new RateView(rate.limit(), rate.period().toString(), rate.burst());
        }
    }

    /** One flow key's settings; in a list, with its requests in flight now and its runs waiting for capacity. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "A flow key's settings; in the list, with its load.")
    public record FlowKeyView(
            @Schema(description = "The key, as jobs name it in `flowKey`; `_default` holds the settings of the keys "
                    + "without their own.", example = "billing-sync", requiredMode = Schema.RequiredMode.REQUIRED)
            String key,
            @Schema(description = "The key's share of dispatch among the tenant's keys with runs waiting: 1–1,000.",
                    example = "5", requiredMode = Schema.RequiredMode.REQUIRED)
            int weight,
            @Schema(description = "At most this many of the key's runs in flight at once; absent for no limit.",
                    example = "10")
            Integer maxInFlight,
            @Schema(description = "At most so many of the key's requests per period; absent for no rate limit.")
            RateView rate,
            @Schema(description = "When the settings were last saved.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant updatedAt,
            @Schema(description = "The key's runs in flight now (0 when this cannot be read); only in the list, and "
                    + "not for `_default`.", example = "3")
            Long inFlight,
            @Schema(description = "The key's runs waiting for capacity; only in the list, and not for `_default`.",
                    example = "0")
            Long waiting) {

        static FlowKeyView of(FlowKeySettings settings) {
            return new FlowKeyView(settings.key(), settings.weight(), settings.limits().maxInFlight(),
                    RateView.of(settings.limits().rate()), settings.updatedAt(), null, null);
        }

        FlowKeyView with(FlowStatus.Load load) {
            return load == null ? this : new FlowKeyView(key, weight, maxInFlight, rate, updatedAt, load.inFlight(),
                    load.waiting());
        }
    }

    /** One host's limits; {@code source} says whether they are the tenant's own or its plan's default. */
    @Schema(description = "A host's limits: the tenant's own, or its plan's default when it set none.")
    public record EndpointLimitsView(
            @Schema(description = "The host, as runs name it: lower case, with the port when the target URL has "
                    + "one.", example = "api.example.com", requiredMode = Schema.RequiredMode.REQUIRED)
            String host,
            @Schema(description = "At most this many requests to the host at once; null for no limit.",
                    example = "10")
            Integer maxInFlight,
            @Schema(description = "At most so many requests to the host per period; null for no rate limit (always "
                    + "null for a plan's default).")
            RateView rate,
            @Schema(description = "`tenant` for limits the tenant set, `plan` for its plan's default (a limit of "
                    + "requests in flight only).", example = "tenant", allowableValues = {"tenant", "plan"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String source,
            @Schema(description = "When the tenant's limits were last saved; null for a plan's default.",
                    example = "2026-03-01T09:00:00Z")
            Instant updatedAt) {

        static EndpointLimitsView of(EndpointLimits limits) {
            return new EndpointLimitsView(limits.host(), limits.limits().maxInFlight(),
                    RateView.of(limits.limits().rate()), "tenant", limits.updatedAt());
        }

        static EndpointLimitsView ofPlan(String host, int maxInFlight) {
            return new EndpointLimitsView(host, maxInFlight, null, "plan", null);
        }
    }

    /** {@code GET /api/v1/flow-keys}: the keys with settings, in one list without pages. */
    @Schema(description = "The tenant's flow keys with settings of their own, `_default` among them when it has "
            + "some; one list, without pages.")
    public record FlowKeyList(
            @Schema(description = "The keys, by name.", requiredMode = Schema.RequiredMode.REQUIRED)
            List<FlowKeyView> items) {
    }
}
