package io.chronohook.node;

/** Named SQL for the node table. */
final class NodeSql {

    static final String REGISTER = """
            insert into node (id, roles, version, host, started_at, heartbeat_at, in_flight, state)
            values (:id, :roles, :version, :host, :now, :now, 0, 'active')
            on conflict (id) do update set heartbeat_at = :now, state = 'active', stopped_at = null
            """;

    /**
     * A heartbeat: the node's in-flight count, and its state from what the operator asked (draining until its
     * in-flight work is done, then drained). A stopping node stays stopping. Returns whether a drain is asked.
     */
    static final String HEARTBEAT = """
            update node
               set heartbeat_at = :now, in_flight = :inFlight,
                   state = case when state in ('stopping', 'stopped') then state
                                when drain_requested and :inFlight = 0 then 'drained'
                                when drain_requested then 'draining'
                                else 'active' end
             where id = :id
            returning drain_requested
            """;

    static final String MARK = """
            update node
               set state = :state, in_flight = :inFlight, heartbeat_at = :now,
                   stopped_at = case when :state = 'stopped' then :now end
             where id = :id
            """;

    static final String SET_DRAIN = """
            update node
               set drain_requested = :drain
             where id = :id
            returning id
            """;

    static final String LIST = """
            select id, roles, version, host, started_at, heartbeat_at, in_flight, drain_requested, state
              from node
             order by started_at, id
            """;

    static final String FIND = """
            select id, roles, version, host, started_at, heartbeat_at, in_flight, drain_requested, state
              from node
             where id = :id
            """;

    /** Nodes stopped or silent for longer than the forget window are no longer listed. */
    static final String FORGET = """
            delete from node
             where heartbeat_at < :before
            """;

    private NodeSql() {
    }
}
