package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.PlannedPartitions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The index of jobs by label holds labelled jobs only: jobs written without labels (created, then written anew, as
 * the planner and a completion do) add nothing to it, and a page of the list filtered by a label is still read
 * through it. Planned on a database of its own.
 */
class JobLabelIndexTest {

    private static final int UNLABELLED = 20_000;

    /** Dropped after the test. */
    @AutoClose
    private FreshDatabase database;

    @Test
    void jobsWithoutLabelsAreNotEnteredAndALabelFilterReadsTheIndex() throws Exception {
        database = new FreshDatabase("joblabels");
        UUID tenant = UUID.randomUUID();
        UUID first = UUID.randomUUID();
        HistoryRows.tenantAndJob(database, tenant, first);
        try (Connection db = database.jdbc(); Statement sql = db.createStatement()) {
            long empty = indexBytes(sql);
            sql.execute(copies(UNLABELLED, "'{}'"));
            sql.execute("update job set next_fire_at = now() where tenant_id = '" + tenant + "'");
            assertThat(indexBytes(sql)).as("the index after %,d jobs without labels, each written twice", UNLABELLED)
                    .isEqualTo(empty);

            sql.execute(copies(5, "'{\"team\": \"billing\"}'"));
            sql.execute(copies(5, "'{\"team\": \"ops\"}'"));
            sql.execute("analyze job");
            Map<String, Object> parameters = new HashMap<>();
            parameters.put("tenantId", tenant);
            parameters.put("openFloor", new PlannedPartitions.Sql("cast('" + new UUID(0, 0) + "' as uuid)"));
            parameters.put("runCeiling", new PlannedPartitions.Sql("cast('" + new UUID(-1, -1) + "' as uuid)"));
            parameters.put("state", null);
            parameters.put("name", null);
            parameters.put("limit", 50);
            parameters.put("label", "{\"team\": \"billing\"}");
            List<String> plan = PlannedPartitions.plan(db, JobSql.LIST_FIRST, parameters);
            assertThat(String.join("\n", plan)).as("a page of the jobs labelled team:billing").contains("job_labels_idx");
            assertThat(rows(sql, PlannedPartitions.bound(JobSql.LIST_FIRST, parameters))).isEqualTo(5);

            parameters.put("label", null);
            assertThat(rows(sql, PlannedPartitions.bound(JobSql.LIST_FIRST, parameters))).as("no label filter")
                    .isEqualTo(50);
        }
    }

    /** Inserts {@code count} copies of the first job with new ids and the labels {@code labels} (a SQL literal). */
    private static String copies(int count, String labels) {
        return """
                insert into job (id, tenant_id, name, labels, schedule, schedule_type, method, url, retry_max_attempts,
                                 retry_initial_delay_ms, retry_max_delay_ms, timeout_ms, missed_run_policy,
                                 overlap_policy, delivery_semantics, state, created_at, updated_at)
                select gen_random_uuid(), j.tenant_id, j.name, %s, j.schedule, j.schedule_type, j.method, j.url,
                       j.retry_max_attempts, j.retry_initial_delay_ms, j.retry_max_delay_ms, j.timeout_ms,
                       j.missed_run_policy, j.overlap_policy, j.delivery_semantics, j.state, now(), now()
                  from (select * from job limit 1) j, generate_series(1, %d)
                """.formatted(labels, count);
    }

    private static long indexBytes(Statement sql) throws SQLException {
        try (ResultSet size = sql.executeQuery("select pg_relation_size('job_labels_idx')")) {
            size.next();
            return size.getLong(1);
        }
    }

    private static int rows(Statement sql, String query) throws SQLException {
        int rows = 0;
        try (ResultSet page = sql.executeQuery(query)) {
            while (page.next()) {
                rows++;
            }
        }
        return rows;
    }
}
