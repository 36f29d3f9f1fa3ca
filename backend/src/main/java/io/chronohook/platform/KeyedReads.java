package io.chronohook.platform;

import io.r2dbc.pool.ConnectionPool;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Reads by key made outside any transaction (a job, a run, a job's latest runs), and the single create made alone (one
 * statement counting, writing and auditing the job, planned in a third of its time in Postgres), on connections of
 * their own whose statements are planned once and then kept: {@code plan_cache_mode=force_generic_plan}. The main pool plans every
 * statement for its parameters, which the dispatch path's batch statements need; for a read by key that planning is
 * most of its cost (a job with its open-run look-ups touches every run partition and its indexes while planning,
 * milliseconds, and reads a few rows in a tenth of that), while a generic plan prunes the partitions as it starts.
 *
 * <p>A read through {@link #client()} does not see the writes of a transaction around it: use it only where there is
 * none. With {@code chronohook.keyed-reads.connections: 0} it is the main pool's client.
 */
public final class KeyedReads implements AutoCloseable {

    private final DatabaseClient client;
    private final ConnectionPool pool;

    KeyedReads(ConnectionPool pool) {
        this.client = DatabaseClient.create(pool);
        this.pool = pool;
    }

    private KeyedReads(DatabaseClient client) {
        this.client = client;
        this.pool = null;
    }

    /** Reads through {@code db} itself (planned as its connections plan). */
    public static KeyedReads sharing(DatabaseClient db) {
        return new KeyedReads(db);
    }

    public DatabaseClient client() {
        return client;
    }

    /** Whether these reads have connections of their own. */
    public boolean ownConnections() {
        return pool != null;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.dispose();
        }
    }
}
