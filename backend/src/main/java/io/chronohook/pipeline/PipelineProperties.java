package io.chronohook.pipeline;

import java.time.Duration;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What this instance runs and how hard: {@code roles} (api, worker or both), how many deliveries may be in flight,
 * how many connections one receiver's host may hold, how many runs one claim takes, how many claimed runs may wait for
 * their requests to go out, the lease margin over a job's timeout, outcome batching, and how long completing jobs
 * may yield to deliveries.
 */
@ConfigurationProperties("chronohook")
public record PipelineProperties(
        @DefaultValue({"api", "worker"}) Set<String> roles,
        @DefaultValue Dispatch dispatch) {

    public PipelineProperties {
        if (roles.isEmpty() || !Set.of("api", "worker").containsAll(roles)) {
            throw new IllegalArgumentException("chronohook.roles must be api, worker or both");
        }
    }

    public boolean worker() {
        return roles.contains("worker");
    }

    /** Dispatch settings ({@code chronohook.dispatch.*}). */
    public record Dispatch(
            @DefaultValue("4000") int maxInFlight,
            @DefaultValue("4000") int maxConnectionsPerHost,
            @DefaultValue("500") int claimBatch,
            @DefaultValue("50") int fairQuantum,
            @DefaultValue("PT30S") Duration leaseMargin,
            @DefaultValue("500") int outcomeBatch,
            @DefaultValue("PT0.02S") Duration outcomeFlush,
            @DefaultValue("PT0.005S") Duration idle,
            @DefaultValue("PT0.05S") Duration maxIdle,
            @DefaultValue("PT0.1S") Duration queueWait,
            @DefaultValue("500") int queueLeast,
            @DefaultValue("PT10S") Duration completionDeferral) {

        public Dispatch {
            if (maxInFlight < 1 || maxConnectionsPerHost < 1 || claimBatch < 1 || fairQuantum < 1 || outcomeBatch < 1
                    || queueLeast < 1) {
                throw new IllegalArgumentException("chronohook.dispatch sizes must be positive");
            }
            if (queueWait.isNegative() || queueWait.isZero() || queueWait.compareTo(Duration.ofSeconds(10)) > 0) {
                throw new IllegalArgumentException("chronohook.dispatch.queue-wait must be between PT0.001S and PT10S");
            }
            if (completionDeferral.isNegative() || completionDeferral.compareTo(Duration.ofMinutes(5)) > 0) {
                throw new IllegalArgumentException(
                        "chronohook.dispatch.completion-deferral must be between PT0S and PT5M");
            }
            if (idle.isNegative() || idle.isZero() || maxIdle.compareTo(idle) < 0) {
                throw new IllegalArgumentException("chronohook.dispatch.idle must be positive and at most max-idle");
            }
        }
    }
}
