package io.chronohook.history;

import io.chronohook.platform.Uuid7;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The day partitions of the run and attempt tables, made and dropped in pairs: a day's runs and their attempts share
 * the same bounds (a run's id carries its scheduled time; an attempt is partitioned by its run's id).
 */
@Repository
public class PartitionStore {

    /** The partitioned history tables and the column each is partitioned by. */
    enum Table {
        RUN("run", "id"),
        ATTEMPT("attempt", "run_id");

        final String table;
        final String key;

        Table(String table, String key) {
            this.table = table;
            this.key = key;
        }

        String partitionOf(LocalDate day) {
            return table + "_p" + DAY.format(day);
        }
    }

    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    private final DatabaseClient db;
    private final TransactionalOperator tx;

    public PartitionStore(DatabaseClient db, TransactionalOperator tx) {
        this.db = db;
        this.tx = tx;
    }

    /** The partitions of the run table (the attempt table's are the same, with {@code attempt_} names). */
    public Mono<List<Partition>> runPartitions() {
        return partitions(Table.RUN);
    }

    Mono<List<Partition>> partitions(Table table) {
        return db.sql(HistorySql.PARTITIONS).bind("parent", table.table)
                .map(row -> Partition.parse(row.get("name", String.class), row.get("bound", String.class)))
                .all().collectList();
    }

    /** The name a day's run partition has. */
    public static String runPartitionOf(LocalDate day) {
        return Table.RUN.partitionOf(day);
    }

    /**
     * Makes the run and attempt partitions of ids from {@code from} to the start of the next UTC day, moving into
     * them what the default partitions took meanwhile. Waits at most {@code lockTimeout} for each lock. Emits whether
     * it made them: not when they exist already, or another instance is making partitions at this moment.
     */
    public Mono<Boolean> create(LocalDate day, Instant from, Duration lockTimeout) {
        String lower = Uuid7.floor(from).toString();
        String upper = Uuid7.floor(day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()).toString();
        return execute(HistorySql.lockTimeout(lockTimeout.toMillis()))
                .then(db.sql(HistorySql.TRY_LOCK).map(row -> row.get("taken", Boolean.class)).one())
                .flatMap(taken -> !taken ? Mono.just(false) : db.sql(HistorySql.EXISTS)
                        .bind("name", Table.RUN.partitionOf(day))
                        .map(row -> row.get("present", Boolean.class)).one()
                        .flatMap(present -> present ? Mono.just(false) : Flux.concat(
                                        execute(HistorySql.lockDefault(Table.RUN.table)),
                                        execute(HistorySql.lockDefault(Table.ATTEMPT.table)),
                                        createOne(Table.RUN, day, lower, upper),
                                        createOne(Table.ATTEMPT, day, lower, upper))
                                .then(Mono.just(true))))
                .as(tx::transactional);
    }

    private Mono<Void> createOne(Table table, LocalDate day, String lower, String upper) {
        String partition = table.partitionOf(day);
        return execute(HistorySql.createLike(table.table, partition))
                .then(execute(HistorySql.moveFromDefault(table.table, table.key, partition, lower, upper)))
                .then(execute(HistorySql.attach(table.table, partition, lower, upper)));
    }

    /**
     * Drops a run partition and the attempt partition of the same bounds, waiting at most {@code lockTimeout}; emits
     * false when another instance is at work on partitions at this moment.
     */
    public Mono<Boolean> drop(Partition runPartition, Duration lockTimeout) {
        String attempts = Table.ATTEMPT.table + runPartition.name().substring(Table.RUN.table.length());
        return execute(HistorySql.lockTimeout(lockTimeout.toMillis()))
                .then(db.sql(HistorySql.TRY_LOCK).map(row -> row.get("taken", Boolean.class)).one())
                .flatMap(taken -> !taken ? Mono.just(false) : Flux.concat(
                                execute(HistorySql.drop(attempts)),
                                execute(HistorySql.drop(runPartition.name())))
                        .then(Mono.just(true)))
                .as(tx::transactional);
    }

    /** Deletes up to {@code limit} rows of each default partition older than {@code before}; returns how many. */
    public Mono<Long> purgeDefault(Instant before, int limit) {
        return Flux.just(Table.ATTEMPT, Table.RUN)
                .concatMap(table -> db.sql(HistorySql.purgeDefault(table.table, table.key))
                        .bind("before", Uuid7.floor(before)).bind("limit", limit)
                        .fetch().rowsUpdated())
                .reduce(0L, Long::sum);
    }

    /** The longest history any plan keeps. */
    public Mono<Duration> longestRetention() {
        return db.sql(HistorySql.LONGEST_RETENTION_DAYS).map(row -> row.get("days", Integer.class)).one()
                .map(Duration::ofDays);
    }

    private Mono<Void> execute(String sql) {
        return db.sql(sql).then();
    }
}
