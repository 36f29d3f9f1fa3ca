package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A flow key with settings ({@code /api/v1/flow-keys}), with its requests in flight now and runs waiting. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FlowKey(String key, int weight, Integer maxInFlight, Endpoint.Rate rate, Instant updatedAt,
                      Long inFlight, Long waiting) {
}
