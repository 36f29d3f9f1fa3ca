package io.chronohook.history;

import io.chronohook.audit.AuditStore;
import io.chronohook.job.IdempotencyStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps history bounded, one round at a time: makes the day partitions of today and the days ahead; drops whole
 * partitions whose every run is older than the longest retention any plan keeps (waiting at most a short lock
 * timeout, tried again next round when busy); deletes in slices the few rows the default partition holds past that
 * retention, idempotency keys no longer honoured and audit events past their retention. Leaderless: one instance
 * at a time makes partitions (a transaction-scoped advisory lock); another leaves it to that one.
 */
@Component
public class HistoryMaintenance {

    private static final Logger log = LoggerFactory.getLogger(HistoryMaintenance.class);

    private final PartitionStore partitions;
    private final IdempotencyStore idempotency;
    private final AuditStore audit;
    private final HistoryProperties properties;
    private final Clock clock;

    public HistoryMaintenance(PartitionStore partitions, IdempotencyStore idempotency, AuditStore audit,
                              HistoryProperties properties, Clock clock) {
        this.partitions = partitions;
        this.idempotency = idempotency;
        this.audit = audit;
        this.properties = properties;
        this.clock = clock;
    }

    /** One round; returns how many partitions were made or dropped and rows deleted (0 when nothing was due). */
    public Mono<Long> runOnce() {
        Instant now = clock.instant();
        return partitions.longestRetention().flatMap(retention -> makeAhead(now)
                .flatMap(made -> dropExpired(now.minus(retention)).map(dropped -> made + dropped))
                .flatMap(changed -> purge(now, retention).map(deleted -> changed + deleted)));
    }

    private Mono<Long> makeAhead(Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        return partitions.runPartitions().flatMap(existing -> {
            Set<String> names = existing.stream().map(Partition::name).collect(Collectors.toSet());
            return Flux.range(0, properties.partitionsAhead() + 1)
                    .map(today::plusDays)
                    .filter(day -> !names.contains(PartitionStore.runPartitionOf(day)))
                    .concatMap(day -> lowerBound(day, existing)
                            .map(from -> partitions.create(day, from, properties.lockTimeout())
                                    .map(made -> {
                                        if (made) {
                                            log.info("history partitions of {} made", day);
                                        }
                                        return made ? 1L : 0L;
                                    }))
                            .orElse(Mono.just(0L)))
                    .reduce(0L, Long::sum);
        });
    }

    /**
     * Where a day's partition starts: at the day's start, or where the partition covering that start ends; empty
     * when partitions already cover the whole day.
     */
    static Optional<Instant> lowerBound(LocalDate day, List<Partition> existing) {
        Instant lower = day.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant end = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        boolean moved = true;
        while (moved) {
            moved = false;
            for (Partition partition : existing) {
                if (partition.isDefault() || partition.to().isEmpty()) {
                    continue;
                }
                Instant to = partition.to().get();
                boolean startsByLower = partition.from().isEmpty() || !partition.from().get().isAfter(lower);
                if (startsByLower && to.isAfter(lower)) {
                    lower = to;
                    moved = true;
                }
            }
        }
        return lower.isBefore(end) ? Optional.of(lower) : Optional.empty();
    }

    private Mono<Long> dropExpired(Instant before) {
        return partitions.runPartitions().flatMapMany(Flux::fromIterable)
                .filter(partition -> partition.endsBy(before))
                .concatMap(partition -> {
                    long started = System.nanoTime();
                    return partitions.drop(partition, properties.lockTimeout())
                            .map(dropped -> {
                                if (dropped) {
                                    log.info("history partition {} dropped in {} ms (past retention)",
                                            partition.name(), (System.nanoTime() - started) / 1_000_000);
                                }
                                return dropped ? 1L : 0L;
                            })
                            .onErrorResume(error -> {
                                log.warn("history partition {} not dropped this round: {}", partition.name(),
                                        error.getMessage());
                                return Mono.just(0L);
                            });
                })
                .reduce(0L, Long::sum);
    }

    private Mono<Long> purge(Instant now, Duration retention) {
        int batch = properties.purgeBatch();
        return Flux.concat(
                        partitions.purgeDefault(now.minus(retention), batch),
                        idempotency.purge(now, batch),
                        audit.purge(now.minus(properties.auditRetention()), batch))
                .reduce(0L, Long::sum);
    }
}
