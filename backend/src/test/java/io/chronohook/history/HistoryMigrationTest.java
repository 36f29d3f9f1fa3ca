package io.chronohook.history;

import static io.chronohook.history.HistoryRows.count;
import static io.chronohook.history.HistoryRows.execute;
import static io.chronohook.history.HistoryRows.maintenance;
import static io.chronohook.history.HistoryRows.tenantAndJob;
import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.platform.Uuid7;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An installation with history, upgraded: its run and attempt tables become the legacy partitions in place (every
 * row kept, readable as before), new days get partitions of their own, and the legacy partitions go whole once their
 * last run is past the longest retention.
 */
class HistoryMigrationTest {

    @Test
    void existingHistoryBecomesTheLegacyPartitionAndIsDroppedWholeOnceOld() throws SQLException {
        try (FreshDatabase database = new FreshDatabase("upgrade", "20261125.1010")) {
            UUID tenant = UUID.randomUUID();
            UUID job = UUID.randomUUID();
            Instant before = Instant.now().minus(Duration.ofMinutes(1));
            try (Connection db = database.jdbc()) {
                tenantAndJob(db, tenant, job);
                for (int i = 0; i < 3; i++) {
                    UUID run = Uuid7.at(before.plusMillis(i));
                    execute(db, "insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, created_at, "
                            + "updated_at) values (?, ?, ?, ?, ?, 'succeeded', now(), now())", run, tenant, job,
                            Timestamp.from(before.plusMillis(i)), Timestamp.from(before.plusMillis(i)));
                    execute(db, "insert into attempt (run_id, number, tenant_id, started_at, finished_at, outcome) "
                            + "values (?, 1, ?, now(), now(), 'delivered')", run, tenant);
                }
            }

            database.migrate();

            ManualClock clock = new ManualClock(Instant.now());
            HistoryMaintenance maintenance = maintenance(database, clock);
            UUID after = Uuid7.at(clock.instant().plusSeconds(1));
            try (Connection db = database.jdbc()) {
                assertThat(count(db, "select count(*) from run_p_legacy")).isEqualTo(3);
                assertThat(count(db, "select count(*) from attempt_p_legacy")).isEqualTo(3);
                assertThat(count(db, "select count(*) from run r join attempt a on a.run_id = r.id")).isEqualTo(3);
                execute(db, "insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, created_at, "
                        + "updated_at) values (?, ?, ?, now(), now(), 'scheduled', now(), now())", after, tenant, job);
            }
            maintenance.runOnce().block();
            String today = "run_p" + LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toString().replace("-", "");
            try (Connection db = database.jdbc()) {
                assertThat(count(db, "select count(*) from " + today + " where id = '" + after + "'")).isEqualTo(1);
            }

            clock.advance(Duration.ofDays(91));
            maintenance.runOnce().block();
            try (Connection db = database.jdbc()) {
                assertThat(count(db, "select count(*) from pg_class where relname in "
                        + "('run_p_legacy', 'attempt_p_legacy', '" + today + "')")).isZero();
                assertThat(count(db, "select count(*) from run")).isZero();
                assertThat(count(db, "select count(*) from attempt")).isZero();
            }
        }
    }
}
