package io.chronohook.activity;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.platform.Rows;
import io.chronohook.platform.Uuid7;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;

/** Reads how a tenant's jobs' runs ended, hour by hour. */
@Repository
public class ActivityStore {

    /**
     * How long before a window a run counted in it may have been scheduled (a run id's time is its scheduled time).
     * A day covers any spread, the default retry policy many times over and replays of the previous day's dead runs.
     * A run that ends later than this after its scheduled time (a retry policy spanning more than a day, a replay of
     * an older dead run, a run held for its quota longer) is not counted (docs/api.md "Activity").
     */
    static final Duration RUN_AGE_MARGIN = Duration.ofDays(1);

    private final DatabaseClient db;

    public ActivityStore(DatabaseClient db) {
        this.db = db;
    }

    /** One job's succeeded and dead runs in one hour; {@code hour} is null for a job with none in the window. */
    public record HourCount(JobId jobId, Instant hour, long succeeded, long dead) {
    }

    /** Counts per job and hour of runs that ended in {@code [from, to)}; jobs of other tenants are left out. */
    public Flux<HourCount> hourly(TenantId tenantId, List<JobId> jobIds, Instant from, Instant to) {
        return db.sql(ActivitySql.HOURLY)
                .bind("tenantId", tenantId.value())
                .bind("jobIds", jobIds.stream().map(JobId::value).toArray(UUID[]::new))
                .bind("idFloor", Uuid7.floor(from.minus(RUN_AGE_MARGIN)))
                .bind("from", Rows.utc(from))
                .bind("to", Rows.utc(to))
                .map(row -> {
                    Long succeeded = row.get("succeeded", Long.class);
                    Long dead = row.get("dead", Long.class);
                    return new HourCount(new JobId(row.get("job_id", UUID.class)),
                            Rows.instant(row.get("hour", OffsetDateTime.class)),
                            succeeded == null ? 0 : succeeded, dead == null ? 0 : dead);
                })
                .all();
    }
}
