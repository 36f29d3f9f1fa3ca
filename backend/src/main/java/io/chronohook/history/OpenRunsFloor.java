package io.chronohook.history;

import io.chronohook.platform.Uuid7;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The lowest run id an open run (scheduled, queued, retry_wait, delivering or running) may have, as last looked:
 * the statements that every second look for open runs without knowing their ids (lease rescue, the overdue sweep,
 * running timeouts, runs in flight by job) say {@code id >= floor}, so that Postgres plans and reads only the
 * partitions that can hold open runs, not a month of finished history.
 *
 * <p>Each refresh walks the day partitions oldest first and stops at the first that holds an open run or ends within
 * the last {@link #RECENT} (two index probes each, on the open-state partial indexes); the default partition's open
 * runs below that bound (if any) lower it. A run opened again with an older id after a refresh (a replay of an old
 * dead run, a late backfill) is seen at the next one, at most {@link HistoryProperties#floorInterval()} later: that
 * is the longest such a run waits to be rescued or swept. Before the first refresh, and on instances that do not run
 * the loop, the floor is the lowest id: every partition is read, as without it.
 */
@Component
public class OpenRunsFloor {

    /** Partitions ending this close to now are always read: the runs of the last day come and go all the time. */
    static final Duration RECENT = Duration.ofDays(1);
    /** The lowest id: no partition left out. */
    static final UUID LOWEST = new UUID(0, 0);

    private final PartitionStore partitions;
    private final DatabaseClient db;
    private final Clock clock;
    private final RunIdBounds runIds;
    private volatile UUID floor = LOWEST;

    public OpenRunsFloor(PartitionStore partitions, DatabaseClient db, Clock clock) {
        this.partitions = partitions;
        this.db = db;
        this.clock = clock;
        this.runIds = new RunIdBounds(clock);
    }

    /** The lowest id an open run may have, as of the last refresh. */
    public UUID floor() {
        return floor;
    }

    /**
     * {@code statement} with the bounds of open runs' ids bound: {@code :floor}, this floor, and {@code :ceiling}, an
     * id above every run's ({@link RunIdBounds#ceiling()}), so that Postgres plans neither the partitions below nor
     * those made ahead for the days to come.
     */
    public DatabaseClient.GenericExecuteSpec bound(DatabaseClient.GenericExecuteSpec statement) {
        return statement.bind("floor", floor).bind("ceiling", runIds.ceiling());
    }

    /** One refresh; emits 0 (a refresh never leaves work for at once). */
    public Mono<Integer> runOnce() {
        Instant recent = clock.instant().minus(RECENT);
        return partitions.runPartitions()
                .flatMap(all -> {
                    List<Partition> days = all.stream().filter(partition -> !partition.isDefault())
                            .sorted(Comparator.comparing(partition -> partition.from().orElse(Instant.MIN)))
                            .toList();
                    boolean withDefault = all.stream().anyMatch(Partition::isDefault);
                    return closedBelow(days, recent)
                            .flatMap(bound -> withDefault ? openInDefaultBelow(bound).defaultIfEmpty(bound)
                                    : Mono.just(bound));
                })
                .doOnNext(found -> floor = found)
                .thenReturn(0);
    }

    /**
     * The upper bound of the oldest partitions that hold no open run and ended before {@code recent} (the lowest id
     * when the oldest partition is not one of them). Stops probing at the first partition that is not.
     */
    private Mono<UUID> closedBelow(List<Partition> days, Instant recent) {
        return Flux.fromIterable(days)
                .concatMap(partition -> partition.endsBy(recent)
                        ? hasOpen(partition.name()).map(open -> open ? Optional.<Partition>empty()
                                : Optional.of(partition))
                        : Mono.just(Optional.<Partition>empty()))
                .takeWhile(Optional::isPresent)
                .map(closed -> Uuid7.floor(closed.orElseThrow().to().orElseThrow()))
                .last(LOWEST);
    }

    private Mono<Boolean> hasOpen(String partition) {
        return db.sql(HistorySql.hasOpenRuns(partition)).map(row -> row.get("open", Boolean.class)).one();
    }

    /** The lowest open run id the default partition holds below {@code bound}; empty when it holds none. */
    private Mono<UUID> openInDefaultBelow(UUID bound) {
        if (bound.equals(LOWEST)) {
            return Mono.empty();
        }
        return db.sql(HistorySql.LOWEST_OPEN_IN_DEFAULT).bind("below", bound)
                .map(row -> row.get("id", UUID.class)).one();
    }
}
