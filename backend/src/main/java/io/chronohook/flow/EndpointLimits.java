package io.chronohook.flow;

import java.time.Instant;

/** A tenant's limits for one target host. */
public record EndpointLimits(String host, FlowLimits limits, Instant updatedAt) {
}
