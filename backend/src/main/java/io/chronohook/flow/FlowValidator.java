package io.chronohook.flow;

import io.chronohook.platform.Validation;
import java.time.Duration;
import org.springframework.stereotype.Component;

/** Turns the bodies of the flow-control calls into settings, naming every invalid field. */
@Component
public class FlowValidator {

    static final int MAX_LIMIT = 100_000;
    static final int MAX_WEIGHT = 1000;
    static final Duration MIN_PERIOD = Duration.ofSeconds(1);
    static final Duration MAX_PERIOD = Duration.ofHours(1);

    public FlowKeySettings flowKey(String key, FlowRequests.FlowKey request) {
        Validation v = new Validation();
        v.require(FlowKeys.settable(key), "key", "keys are " + FlowKeys.SYNTAX + " (or _default)");
        int weight = request.weight() == null ? 1 : request.weight();
        v.require(weight >= 1 && weight <= MAX_WEIGHT, "weight", "must be between 1 and " + MAX_WEIGHT);
        FlowLimits limits = limits(request.maxInFlight(), request.rate(), v);
        v.check();
        return new FlowKeySettings(key, weight, limits, null);
    }

    public EndpointLimits endpoint(String host, FlowRequests.Endpoint request) {
        Validation v = new Validation();
        v.require(FlowKeys.validHost(host), "host", "must be a host as runs name it: lower case, with the port "
                + "when the target URL has one (example.com, api.example.com:8443)");
        FlowLimits limits = limits(request.maxInFlight(), request.rate(), v);
        v.require(!limits.none() || v.failed("maxInFlight") || v.failed("rate"), "maxInFlight",
                "give maxInFlight, rate or both (DELETE removes the limits)");
        v.check();
        return new EndpointLimits(host, limits, null);
    }

    private static FlowLimits limits(Integer maxInFlight, FlowRequests.RateSpec rate, Validation v) {
        v.require(maxInFlight == null || maxInFlight >= 1 && maxInFlight <= MAX_LIMIT, "maxInFlight",
                "must be between 1 and " + MAX_LIMIT);
        return new FlowLimits(maxInFlight, rate == null ? null : rate(rate, v));
    }

    private static Rate rate(FlowRequests.RateSpec spec, Validation v) {
        v.require(spec.limit() != null, "rate.limit", "is required: how many requests per period");
        v.require(spec.limit() == null || spec.limit() >= 1 && spec.limit() <= MAX_LIMIT, "rate.limit",
                "must be between 1 and " + MAX_LIMIT);
        Duration period = v.duration(spec.period(), "rate.period", MIN_PERIOD, MIN_PERIOD, MAX_PERIOD);
        int limit = spec.limit() == null ? 1 : spec.limit();
        int burst = spec.burst() == null ? limit : spec.burst();
        v.require(burst >= 1 && burst <= MAX_LIMIT, "rate.burst", "must be between 1 and " + MAX_LIMIT);
        return new Rate(limit, period, burst);
    }
}
