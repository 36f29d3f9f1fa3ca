package io.chronohook.outcome;

/** Named SQL for the replay_batch table. */
final class ReplaySql {

    static final String INSERT = """
            insert into replay_batch (id, tenant_id, job_id, dead_from, dead_to, state, total, replayed, created_at,
                                      owner, heartbeat_at, last_id)
            values (:id, :tenantId, :jobId, :from, :to, 'running', :total, 0, :now, :owner, :now, :lastId)
            """;

    /** A chunk done, by the node that owns the replay; zero rows when another node has taken it over. */
    static final String PROGRESS = """
            update replay_batch
               set replayed = replayed + :count, cursor_id = :cursor, heartbeat_at = :now
             where id = :id and owner = :owner and state = 'running'
            """;

    /**
     * Takes over one running replay whose node is dead or stopped, or that has not moved for a while; returns where
     * it stands.
     */
    static final String TAKE_OVER = """
            update replay_batch b
               set owner = :owner, heartbeat_at = :now
             where b.id = (select r.id from replay_batch r
                            where r.state = 'running'
                              and (r.heartbeat_at < :staleBefore
                                   or r.owner is null
                                   or not exists (select 1 from node n where n.id = r.owner
                                                   and n.state <> 'stopped' and n.heartbeat_at >= :deadBefore))
                            order by r.id
                            limit 1
                              for update skip locked)
            returning b.id, b.tenant_id, b.job_id, b.dead_from, b.dead_to, b.total, b.replayed, b.cursor_id, b.last_id
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
