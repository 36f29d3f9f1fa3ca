package io.chronohook.flow;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/** Flow-control settings as the API shows them. */
public final class FlowViews {

    private FlowViews() {
    }

    /** A rate: {@code limit} per {@code period} (ISO-8601), bursts of {@code burst}. */
    public record RateView(int limit, String period, int burst) {

        public static RateView of(Rate rate) {
            return rate == null ? null : new RateView(rate.limit(), rate.period().toString(), rate.burst());
        }
    }

    /** One flow key's settings; in a list, with its requests in flight now and its runs waiting for capacity. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FlowKeyView(String key, int weight, Integer maxInFlight, RateView rate, Instant updatedAt,
                              Long inFlight, Long waiting) {

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
    public record EndpointLimitsView(String host, Integer maxInFlight, RateView rate, String source,
                                     Instant updatedAt) {

        static EndpointLimitsView of(EndpointLimits limits) {
            return new EndpointLimitsView(limits.host(), limits.limits().maxInFlight(),
                    RateView.of(limits.limits().rate()), "tenant", limits.updatedAt());
        }

        static EndpointLimitsView ofPlan(String host, int maxInFlight) {
            return new EndpointLimitsView(host, maxInFlight, null, "plan", null);
        }
    }
}
