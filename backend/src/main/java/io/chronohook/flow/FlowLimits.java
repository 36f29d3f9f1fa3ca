package io.chronohook.flow;

/** Limits of a host or a key: requests in flight at once, and a rate; either may be absent (null). */
public record FlowLimits(Integer maxInFlight, Rate rate) {

    public static final FlowLimits NONE = new FlowLimits(null, null);

    public boolean none() {
        return maxInFlight == null && rate == null;
    }
}
