package io.chronohook.history;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * History settings ({@code chronohook.history.*}): how many days of partitions are made ahead, how often the
 * maintenance runs, how long it may wait for the table lock a partition drop needs, how long audit events are kept,
 * how many rows one purge statement deletes, and how often the lowest id of an open run is looked up again
 * ({@link OpenRunsFloor}: a run opened again with an older id waits at most this long to be rescued or swept).
 */
@ConfigurationProperties("chronohook.history")
public record HistoryProperties(
        @DefaultValue("7") int partitionsAhead,
        @DefaultValue("PT10M") Duration interval,
        @DefaultValue("PT0.2S") Duration lockTimeout,
        @DefaultValue("P400D") Duration auditRetention,
        @DefaultValue("5000") int purgeBatch,
        @DefaultValue("PT5S") Duration floorInterval) {

    public HistoryProperties {
        if (partitionsAhead < 1 || partitionsAhead > 60) {
            throw new IllegalArgumentException("chronohook.history.partitions-ahead must be between 1 and 60");
        }
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("chronohook.history.interval must be at least PT1S");
        }
        if (lockTimeout.compareTo(Duration.ofMillis(10)) < 0 || lockTimeout.compareTo(Duration.ofSeconds(10)) > 0) {
            throw new IllegalArgumentException("chronohook.history.lock-timeout must be between PT0.01S and PT10S");
        }
        if (auditRetention.compareTo(Duration.ofDays(1)) < 0) {
            throw new IllegalArgumentException("chronohook.history.audit-retention must be at least P1D");
        }
        if (floorInterval.compareTo(Duration.ofMillis(100)) < 0 || floorInterval.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("chronohook.history.floor-interval must be between PT0.1S and PT5M");
        }
        if (purgeBatch < 1 || purgeBatch > 100_000) {
            throw new IllegalArgumentException("chronohook.history.purge-batch must be between 1 and 100000");
        }
    }
}
