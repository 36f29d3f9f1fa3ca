package io.chronohook.outcome;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Bulk replays ({@code chronohook.replay.*}): how many dead runs one chunk (one transaction) replays. */
@ConfigurationProperties("chronohook.replay")
public record ReplayProperties(@DefaultValue("500") int chunk) {

    public ReplayProperties {
        if (chunk < 1 || chunk > 10_000) {
            throw new IllegalArgumentException("chronohook.replay.chunk must be between 1 and 10000");
        }
    }
}
