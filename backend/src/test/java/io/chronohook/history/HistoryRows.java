package io.chronohook.history;

import io.chronohook.audit.AuditStore;
import io.chronohook.job.IdempotencyStore;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/** What the history tests write and read directly: a tenant with a job, statements, counts, the maintenance. */
public final class HistoryRows {

    private HistoryRows() {
    }

    /** History maintenance on {@code database} with the default settings and {@code clock}. */
    public static HistoryMaintenance maintenance(FreshDatabase database, Clock clock) {
        return new HistoryMaintenance(new PartitionStore(database.client(), database.tx()),
                new IdempotencyStore(database.client()),
                new AuditStore(database.client(), clock, JsonMapper.builder().build()),
                new HistoryProperties(7, Duration.ofMinutes(10), Duration.ofSeconds(2), Duration.ofDays(400), 5000, Duration.ofSeconds(5)),
                clock);
    }

    /**
     * A day partition for each of the {@code days} days before {@code now} and for the days ahead the maintenance makes,
     * as an installation has that ran every day: the maintenance run once a day up to {@code now}, where the returned
     * clock stands.
     */
    public static ManualClock dayPartitions(FreshDatabase database, Instant now, int days) {
        ManualClock clock = new ManualClock(now.minus(Duration.ofDays(days)));
        HistoryMaintenance maintenance = maintenance(database, clock);
        for (int day = 0; day < days; day++) {
            maintenance.runOnce().block();
            clock.advance(Duration.ofDays(1));
        }
        maintenance.runOnce().block();
        return clock;
    }

    /** The open runs' floor of {@code database} as of {@code clock}, refreshed once. */
    public static OpenRunsFloor refreshedFloor(FreshDatabase database, Clock clock) {
        OpenRunsFloor floor = new OpenRunsFloor(new PartitionStore(database.client(), database.tx()),
                database.client(), clock);
        floor.runOnce().block();
        return floor;
    }

    /** A Free tenant and a cron job of it, written as rows in {@code database}. */
    public static void tenantAndJob(FreshDatabase database, UUID tenant, UUID job) throws SQLException {
        try (Connection db = database.jdbc()) {
            tenantAndJob(db, tenant, job);
        }
    }

    /** A Free tenant and a cron job of it, written as rows. */
    static void tenantAndJob(Connection db, UUID tenant, UUID job) throws SQLException {
        execute(db, "insert into tenant (id, name, plan_code, created_at, updated_at) "
                + "values (?, 't', 'free', now(), now())", tenant);
        execute(db, """
                insert into job (id, tenant_id, name, schedule, schedule_type, method, url, retry_max_attempts,
                                 retry_initial_delay_ms, retry_max_delay_ms, timeout_ms, missed_run_policy,
                                 overlap_policy, delivery_semantics, state, created_at, updated_at)
                values (?, ?, 'j', '{}', 'cron', 'POST', 'https://example.com/', 3, 1000, 60000, 30000, 'skip',
                        'allow', 'at_least_once', 'active', now(), now())
                """, job, tenant);
    }

    static int execute(Connection db, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            bind(statement, parameters);
            return statement.executeUpdate();
        }
    }

    static long count(Connection db, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(sql)) {
            bind(query, parameters);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; parameters != null && i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }
}
