package io.chronohook.outcome;

/** Named SQL for the replay_batch table. */
final class ReplaySql {

    static final String INSERT = """
            insert into replay_batch (id, tenant_id, job_id, dead_from, dead_to, state, total, replayed, created_at)
            values (:id, :tenantId, :jobId, :from, :to, 'running', :total, 0, :now)
            """;

    static final String PROGRESS = """
            update replay_batch set replayed = replayed + :count where id = :id
            """;

    static final String FINISH = """
            update replay_batch set state = :state, finished_at = :now where id = :id
            """;

    static final String FIND = """
            select id, job_id, dead_from, dead_to, state, total, replayed, created_at, finished_at
              from replay_batch
             where tenant_id = :tenantId and id = :id
            """;

    private ReplaySql() {
    }
}
