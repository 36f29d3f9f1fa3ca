package io.chronohook.activity;

/** Named SQL of job activity: finished runs counted per job and hour, over the run table. */
final class ActivitySql {

    /**
     * Runs of the given jobs that ended succeeded or dead in {@code [from, to)}, per job and UTC hour; every requested
     * job of the tenant appears, a job without such runs once with a null hour. The id floor keeps the scan on
     * {@code run_job_idx} to the runs created since the floor instead of the job's whole history.
     */
    static final String HOURLY = """
            select j.id as job_id, h.hour, h.succeeded, h.dead
              from job j
              left join (select job_id, date_trunc('hour', finished_at, 'UTC') as hour,
                                count(*) filter (where state = 'succeeded') as succeeded,
                                count(*) filter (where state = 'dead') as dead
                           from run
                          where tenant_id = :tenantId and job_id = any(cast(:jobIds as uuid[])) and id >= :idFloor
                            and state in ('succeeded', 'dead') and finished_at >= :from and finished_at < :to
                          group by 1, 2) h on h.job_id = j.id
             where j.tenant_id = :tenantId and j.id = any(cast(:jobIds as uuid[])) and j.state <> 'deleted'
            """;

    private ActivitySql() {
    }
}
