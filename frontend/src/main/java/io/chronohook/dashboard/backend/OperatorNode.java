package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One instance of the backend as the operator sees it ({@code GET /api/v1/operator/nodes}). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorNode(String id, String host, String roles, String version, Instant startedAt,
                           Instant lastHeartbeatAt, int inFlight, boolean drainRequested, String state) {

    /** Whether the operator may drain it: it is alive and not drained already. */
    public boolean drainable() {
        return !drainRequested && ("active".equals(state));
    }

    /** Whether the operator may let it take runs again. */
    public boolean undrainable() {
        return drainRequested && ("draining".equals(state) || "drained".equals(state));
    }
}
