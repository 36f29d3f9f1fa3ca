package io.chronohook.operator;

import io.chronohook.platform.Rows;
import io.chronohook.platform.Uuid7;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Reads the installation's recent delivery figures and backlog counts from Postgres, across tenants. */
@Repository
public class StatsStore {

    /**
     * How long before a window the runs it looks at may have been scheduled (a run id's time is its scheduled time).
     * Five minutes covers the default retry policy's later attempts (its delays add up to at most 300 s). Fire lags
     * beyond it, retries of older runs and replays of old dead runs are left out, so that a call reads only the last
     * minutes' rows — the newest partition — however large the tables are (docs/api.md "Operator").
     */
    static final Duration RUN_AGE_MARGIN = Duration.ofMinutes(5);

    /** Backlog counts stop here: they stay cheap however many dead runs have piled up. */
    public static final long COUNT_CAP = 100_000;

    private final DatabaseClient db;

    public StatsStore(DatabaseClient db) {
        this.db = db;
    }

    /** Fire lag in ms of the runs first attempted in a window (nulls without samples) and the runs that succeeded. */
    public record RecentRuns(long samples, Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs, long succeeded) {
    }

    public Mono<RecentRuns> recentRuns(Instant since, Instant until) {
        return db.sql(StatsSql.RECENT_RUNS)
                .bind("idFloor", idFloor(since))
                .bind("since", Rows.utc(since))
                .bind("until", Rows.utc(until))
                .map(row -> {
                    Double[] lag = row.get("lag_ms", Double[].class);
                    return new RecentRuns(row.get("samples", Long.class),
                            lag == null ? null : lag[0], lag == null ? null : lag[1], lag == null ? null : lag[2],
                            row.get("max_lag_ms", Double.class), row.get("delivered", Long.class));
                })
                .one();
    }

    /** Attempts that finished in a window, per outcome ({@code delivered}, {@code rejected}, {@code failed}…). */
    public Mono<Map<String, Long>> recentAttempts(Instant since, Instant until) {
        return db.sql(StatsSql.RECENT_ATTEMPTS)
                .bind("idFloor", idFloor(since))
                .bind("since", Rows.utc(since))
                .bind("until", Rows.utc(until))
                .map(row -> Map.entry(row.get("outcome", String.class), row.get("attempts", Long.class)))
                .all()
                .collect(HashMap::new, (counts, entry) -> counts.put(entry.getKey(), entry.getValue()));
    }

    /** Runs in {@code retry_wait}, up to {@link #COUNT_CAP}. */
    public Mono<Long> retryWaiting() {
        return count(StatsSql.RETRY_WAIT);
    }

    /** Dead runs, up to {@link #COUNT_CAP}. */
    public Mono<Long> dead() {
        return count(StatsSql.DEAD);
    }

    private Mono<Long> count(String sql) {
        return db.sql(sql).bind("cap", COUNT_CAP).map(row -> row.get(0, Long.class)).one();
    }

    private static UUID idFloor(Instant since) {
        return Uuid7.floor(since.minus(RUN_AGE_MARGIN));
    }
}
