package io.chronohook.history;

/**
 * Named SQL of history maintenance. Partition statements are built from table names and bounds this class makes
 * itself (table names from a fixed list, bounds printed from UUIDs), never from input.
 */
final class HistorySql {

    /** The partitions of a partitioned table, with their bounds as Postgres prints them. */
    static final String PARTITIONS = """
            select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
              from pg_inherits i join pg_class c on c.oid = i.inhrelid
             where i.inhparent = cast(:parent as regclass)
             order by c.relname
            """;

    /** The longest history any plan keeps, in days. */
    static final String LONGEST_RETENTION_DAYS = "select coalesce(max(history_retention_days), 0) as days from plan";

    /** One instance at a time makes partitions; another that finds the lock taken leaves it to this round's owner. */
    static final String TRY_LOCK = "select pg_try_advisory_xact_lock(hashtext('chronohook.history.partitions')) as taken";

    static final String EXISTS = "select to_regclass(:name) is not null as present";

    static String lockTimeout(long millis) {
        return "set local lock_timeout = '" + millis + "ms'";
    }

    static String lockDefault(String table) {
        return "lock table " + table + "_p_default in access exclusive mode";
    }

    static String createLike(String table, String partition) {
        return "create table " + partition + " (like " + table + " including defaults including constraints)";
    }

    /** Moves the rows of a range the default partition took while the range had no partition of its own. */
    static String moveFromDefault(String table, String key, String partition, String from, String to) {
        return "with moved as (delete from " + table + "_p_default where " + key + " >= '" + from + "' and " + key
                + " < '" + to + "' returning *) insert into " + partition + " select * from moved";
    }

    static String attach(String table, String partition, String from, String to) {
        return "alter table " + table + " attach partition " + partition + " for values from ('" + from + "') to ('"
                + to + "')";
    }

    static String drop(String partition) {
        return "drop table if exists " + partition;
    }

    /** Deletes, a slice at a time, rows the default partition holds below a bound (past every plan's retention). */
    static String purgeDefault(String table, String key) {
        return "delete from " + table + "_p_default where ctid in (select ctid from " + table + "_p_default where "
                + key + " < :before limit :limit)";
    }

    /**
     * Whether a run partition holds an open run: one probe of each open-state partial index (waiting runs by due
     * time, runs in flight by lease), which an all-finished partition answers at once.
     */
    static String hasOpenRuns(String partition) {
        if (!partition.matches("run_p[a-z0-9_]+")) {
            throw new IllegalArgumentException("not a run partition: " + partition);
        }
        return "select exists (select 1 from " + partition + " where state in ('scheduled', 'queued', 'retry_wait'))"
                + " or exists (select 1 from " + partition + " where state in ('delivering', 'running')) as open";
    }

    /** The lowest open run id the default run partition holds below a bound (over its primary key). */
    static final String LOWEST_OPEN_IN_DEFAULT = """
            select id from run_p_default
             where id < :below and state in ('scheduled', 'queued', 'retry_wait', 'delivering', 'running')
             order by id
             limit 1
            """;

    private HistorySql() {
    }
}
