package io.chronohook.flow;

import java.time.Instant;

/** A tenant's settings of one flow key: its weight among the tenant's backlogged keys, and its limits. */
public record FlowKeySettings(String key, int weight, FlowLimits limits, Instant updatedAt) {
}
