package io.chronohook.outcome;

import io.chronohook.job.JobId;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Uuid7;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;

/** Runs written straight into the database as claimed and in flight, for the outcome recorder to finish. */
final class HeldRuns {

    private HeldRuns() {
    }

    /** A run of the job (a prefixed id), delivering its first attempt under a lease of an hour; its id. */
    static UUID hold(DatabaseClient db, String jobId) {
        UUID run = Uuid7.at(Instant.now());
        db.sql("""
                insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, attempt, trigger, claimed_at,
                                 lease_until, created_at, updated_at)
                select :id, tenant_id, id, :now, :now, 'delivering', 1, 'manual', :now, :now + interval '1 hour',
                       :now, :now
                  from job where id = :job
                """).bind("id", run).bind("now", OffsetDateTime.now(ZoneOffset.UTC))
                .bind("job", PrefixedIds.parse(JobId.PREFIX, jobId).orElseThrow()).then().block();
        return run;
    }

    static String state(DatabaseClient db, UUID runId) {
        return db.sql("select state from run where id = :id").bind("id", runId)
                .map(row -> row.get("state", String.class)).one().block();
    }
}
