package io.chronohook.node;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Liveness and stop settings ({@code chronohook.node.*}): how often a node heartbeats, how long a silent node is
 * taken for alive, how long a stopping node lets its in-flight deliveries finish, and how long stopped nodes are listed.
 */
@ConfigurationProperties("chronohook.node")
public record NodeProperties(
        @DefaultValue("PT1S") Duration heartbeat,
        @DefaultValue("PT10S") Duration deadAfter,
        @DefaultValue("PT10S") Duration stopGrace,
        @DefaultValue("PT24H") Duration forgetAfter) {

    public NodeProperties {
        if (heartbeat.compareTo(Duration.ofMillis(100)) < 0 || heartbeat.compareTo(Duration.ofSeconds(2)) > 0) {
            throw new IllegalArgumentException("chronohook.node.heartbeat must be between PT0.1S and PT2S");
        }
        if (deadAfter.compareTo(heartbeat.multipliedBy(3)) < 0) {
            throw new IllegalArgumentException("chronohook.node.dead-after must be at least three heartbeats");
        }
        if (stopGrace.isNegative() || stopGrace.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("chronohook.node.stop-grace must be between PT0S and PT5M");
        }
        if (forgetAfter.compareTo(deadAfter) < 0) {
            throw new IllegalArgumentException("chronohook.node.forget-after must be at least dead-after");
        }
    }
}
