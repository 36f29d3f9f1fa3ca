package io.chronohook.timegate;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Time-gate settings: shard count, how far ahead runs enter the gate, how much one round releases, when a live run
 * that should have left the gate long ago is offered again, and how long before their due time runs leave the gate
 * ({@code lead}: they are claimed and made ready ahead, and each is sent at its due time).
 */
@ConfigurationProperties("chronohook.gate")
public record GateProperties(
        @DefaultValue("4") int shards,
        @DefaultValue("PT30S") Duration horizon,
        @DefaultValue("2000") int releaseBatch,
        @DefaultValue("PT60S") Duration overdueAfter,
        @DefaultValue("PT15S") Duration sweepInterval,
        @DefaultValue("PT0.25S") Duration lead) {

    /** The longest lead: a claim takes runs due within the next second at most. */
    public static final Duration MAX_LEAD = Duration.ofMillis(900);

    public GateProperties {
        if (shards < 1 || shards > 1024) {
            throw new IllegalArgumentException("chronohook.gate.shards must be between 1 and 1024");
        }
        if (horizon.compareTo(Duration.ofSeconds(1)) < 0 || horizon.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("chronohook.gate.horizon must be between PT1S and PT10M");
        }
        if (releaseBatch < 1 || releaseBatch > 5000) {
            throw new IllegalArgumentException("chronohook.gate.release-batch must be between 1 and 5000");
        }
        if (lead.isNegative() || lead.compareTo(MAX_LEAD) > 0) {
            throw new IllegalArgumentException("chronohook.gate.lead must be between PT0S and PT0.9S");
        }
    }
}
