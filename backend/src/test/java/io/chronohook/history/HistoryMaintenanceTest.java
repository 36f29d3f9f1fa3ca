package io.chronohook.history;

import static io.chronohook.history.HistoryRows.count;
import static io.chronohook.history.HistoryRows.maintenance;
import static io.chronohook.history.HistoryRows.tenantAndJob;
import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.IdempotencyStore;
import io.chronohook.platform.Uuid7;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * History maintenance on a database of its own (it makes and drops partitions every tenant shares): partitions made
 * ahead, a run written where no partition exists yet, whole partitions dropped past the longest retention, forgotten
 * idempotency keys and old audit events purged.
 */
class HistoryMaintenanceTest {

    private FreshDatabase database;
    private ManualClock clock;
    private HistoryMaintenance maintenance;
    private IdempotencyStore idempotency;
    private UUID tenant;
    private UUID job;

    @BeforeEach
    void database() throws SQLException {
        database = new FreshDatabase("history");
        clock = new ManualClock(Instant.now());
        idempotency = new IdempotencyStore(database.client());
        maintenance = maintenance(database, clock);
        tenant = UUID.randomUUID();
        job = UUID.randomUUID();
        tenantAndJob(database, tenant, job);
    }

    @AfterEach
    void dropDatabase() throws SQLException {
        database.close();
    }

    @Test
    void partitionsAreMadeAheadAndARunWithNoPartitionYetIsWrittenAndLaterMovedIntoItsOwn() throws SQLException {
        Instant far = clock.instant().plus(Duration.ofDays(30));
        UUID farRun = Uuid7.ofOccurrence(job, far);
        try (Connection db = database.jdbc()) {
            assertThat(insertRun(db, farRun, far)).isEqualTo(1);
            insertAttempt(db, farRun, far);
            assertThat(partitionOf(db, "run", "id", farRun)).isEqualTo("run_p_default");
        }

        assertThat(maintenance.runOnce().block()).isEqualTo(8L);

        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        try (Connection db = database.jdbc()) {
            for (int day = 0; day <= 7; day++) {
                assertThat(partitions(db, "run")).contains("run_p" + compact(today.plusDays(day)));
                assertThat(partitions(db, "attempt")).contains("attempt_p" + compact(today.plusDays(day)));
            }
            assertThat(partitions(db, "run")).doesNotContain("run_p" + compact(today.plusDays(8)));
        }
        assertThat(maintenance.runOnce().block()).as("nothing left to do").isZero();

        clock.advance(Duration.ofDays(25));
        maintenance.runOnce().block();
        String farDay = compact(LocalDate.ofInstant(far, ZoneOffset.UTC));
        try (Connection db = database.jdbc()) {
            assertThat(partitionOf(db, "run", "id", farRun)).isEqualTo("run_p" + farDay);
            assertThat(partitionOf(db, "attempt", "run_id", farRun)).isEqualTo("attempt_p" + farDay);
            assertThat(insertRun(db, Uuid7.ofOccurrence(job, far), far)).as("a second run of the same occurrence")
                    .isZero();
        }
    }

    @Test
    void aDayPastTheLongestRetentionIsDroppedWholeWithItsAttemptsAndLaterDaysStay() throws SQLException {
        maintenance.runOnce().block();
        Instant now = clock.instant();
        List<UUID> today = new ArrayList<>();
        UUID later = Uuid7.at(now.plus(Duration.ofDays(2)));
        try (Connection db = database.jdbc()) {
            for (int i = 0; i < 50; i++) {
                UUID run = Uuid7.at(now.plusMillis(i));
                insertRun(db, run, now.plusMillis(i));
                insertAttempt(db, run, now);
                today.add(run);
            }
            insertRun(db, later, now.plus(Duration.ofDays(2)));
            insertAttempt(db, later, now);
        }

        clock.advance(Duration.ofDays(89));
        maintenance.runOnce().block();
        try (Connection db = database.jdbc()) {
            assertThat(count(db, "select count(*) from run where job_id = ?", job)).as("within 90 days").isEqualTo(51);
        }

        clock.advance(Duration.ofDays(2));
        maintenance.runOnce().block();
        String day = "run_p" + compact(LocalDate.ofInstant(now, ZoneOffset.UTC));
        try (Connection db = database.jdbc()) {
            assertThat(partitions(db, "run")).doesNotContain(day);
            assertThat(partitions(db, "attempt")).doesNotContain("attempt" + day.substring(3));
            assertThat(count(db, "select count(*) from run where job_id = ?", job)).isEqualTo(1);
            assertThat(count(db, "select count(*) from attempt where tenant_id = ?", tenant)).isEqualTo(1);
            assertThat(count(db, "select count(*) from run where id = ?", later)).isEqualTo(1);
        }
    }

    @Test
    void anIdempotencyKeyIsHonouredAt23HoursAndForgottenAfter24() throws SQLException {
        TenantId tenantId = new TenantId(tenant);
        byte[] hash = {1, 2, 3};
        UUID first = UUID.randomUUID();
        Instant created = clock.instant();
        assertThat(idempotency.claim(tenantId, "create_job", "key-1", hash, first, created).block()).isNull();

        IdempotencyStore.Earlier at23h = idempotency.claim(tenantId, "create_job", "key-1", hash, UUID.randomUUID(),
                created.plus(Duration.ofHours(23))).block();
        assertThat(at23h).isNotNull();
        assertThat(at23h.resourceId()).isEqualTo(first);

        UUID second = UUID.randomUUID();
        assertThat(idempotency.claim(tenantId, "create_job", "key-1", hash, second,
                created.plus(Duration.ofHours(24)).plusSeconds(1)).block()).as("forgotten: a new request").isNull();
        IdempotencyStore.Earlier again = idempotency.claim(tenantId, "create_job", "key-1", hash, UUID.randomUUID(),
                created.plus(Duration.ofHours(25))).block();
        assertThat(again.resourceId()).isEqualTo(second);

        assertThat(idempotency.claim(tenantId, "create_job", "key-2", hash, UUID.randomUUID(), created).block())
                .isNull();
        clock.advance(Duration.ofHours(24).plusSeconds(1));
        maintenance.runOnce().block();
        try (Connection db = database.jdbc()) {
            assertThat(count(db, "select count(*) from idempotency_key where key = 'key-2'")).isZero();
            assertThat(count(db, "select count(*) from idempotency_key where key = 'key-1'")).isEqualTo(1);
        }
    }

    @Test
    void auditEventsPastTheirRetentionArePurgedAndRecentOnesKept() throws SQLException {
        Instant now = clock.instant();
        try (Connection db = database.jdbc()) {
            for (Instant at : List.of(now.minus(Duration.ofDays(401)), now.minus(Duration.ofDays(399)))) {
                try (PreparedStatement insert = db.prepareStatement("""
                        insert into audit_event (id, tenant_id, occurred_at, actor_type, action, target_type)
                        values (?, ?, ?, 'system', 'test', 'job')
                        """)) {
                    insert.setObject(1, Uuid7.at(at));
                    insert.setObject(2, tenant);
                    insert.setTimestamp(3, Timestamp.from(at));
                    insert.executeUpdate();
                }
            }
        }
        maintenance.runOnce().block();
        try (Connection db = database.jdbc()) {
            assertThat(count(db, "select count(*) from audit_event where tenant_id = ?", tenant)).isEqualTo(1);
            assertThat(count(db, "select count(*) from audit_event where tenant_id = ? and occurred_at > ?", tenant,
                    Timestamp.from(now.minus(Duration.ofDays(400))))).isEqualTo(1);
        }
    }

    private int insertRun(Connection db, UUID id, Instant scheduledFor) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("""
                insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, created_at, updated_at)
                values (?, ?, ?, ?, ?, 'succeeded', now(), now())
                on conflict do nothing
                """)) {
            insert.setObject(1, id);
            insert.setObject(2, tenant);
            insert.setObject(3, job);
            insert.setTimestamp(4, Timestamp.from(scheduledFor));
            insert.setTimestamp(5, Timestamp.from(scheduledFor));
            return insert.executeUpdate();
        }
    }

    private void insertAttempt(Connection db, UUID run, Instant at) throws SQLException {
        try (PreparedStatement insert = db.prepareStatement("""
                insert into attempt (run_id, number, tenant_id, started_at, finished_at, outcome, status_code)
                values (?, 1, ?, ?, ?, 'delivered', 200)
                """)) {
            insert.setObject(1, run);
            insert.setObject(2, tenant);
            insert.setTimestamp(3, Timestamp.from(at));
            insert.setTimestamp(4, Timestamp.from(at));
            insert.executeUpdate();
        }
    }

    private static String partitionOf(Connection db, String table, String key, UUID id) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(
                "select tableoid::regclass::text from " + table + " where " + key + " = ?")) {
            query.setObject(1, id);
            try (ResultSet rows = query.executeQuery()) {
                assertThat(rows.next()).as("row of %s in %s", id, table).isTrue();
                return rows.getString(1);
            }
        }
    }

    private static List<String> partitions(Connection db, String table) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement query = db.prepareStatement(
                "select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid "
                        + "where i.inhparent = cast(? as regclass)")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        }
        return names;
    }

    private static String compact(LocalDate day) {
        return day.toString().replace("-", "");
    }
}
