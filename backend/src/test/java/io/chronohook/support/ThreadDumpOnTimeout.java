package io.chronohook.support;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.spi.ConnectionFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * When a test fails because it waited too long (a response or a blocking read that timed out), prints every
 * thread's full stack to standard error before the failure is reported, so a stall seen once in a build can be
 * read from its log: what the server's event loops and workers were doing at that moment, and what the backend's
 * database sessions were waiting on (a request whose threads are all idle waits on one of them, or on Redis).
 */
public class ThreadDumpOnTimeout implements TestExecutionExceptionHandler {

    private static final String SESSIONS = """
            select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction,
                   now() - query_start as in_statement, pg_blocking_pids(pid)::text as blocked_by,
                   left(regexp_replace(query, '\\s+', ' ', 'g'), 400) as query
              from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
             order by xact_start nulls last
            """;

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (timedOut(failure)) {
            System.err.println(dump(context.getDisplayName()));
            System.err.println(databaseSessions());
            System.err.println(pool(SpringExtension.getApplicationContext(context).getBean(ConnectionFactory.class)));
        }
        throw failure;
    }

    static boolean timedOut(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (cause instanceof TimeoutException || (message != null && message.contains("Timeout on blocking read"))) {
                return true;
            }
        }
        return false;
    }

    static String dump(String test) {
        StringBuilder out = new StringBuilder("Thread dump after a timeout in ").append(test).append('\n');
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            out.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
            if (thread.getLockName() != null) {
                out.append(" on ").append(thread.getLockName());
            }
            if (thread.getLockOwnerName() != null) {
                out.append(" held by \"").append(thread.getLockOwnerName()).append('"');
            }
            out.append('\n');
            for (StackTraceElement frame : thread.getStackTrace()) {
                out.append("    at ").append(frame).append('\n');
            }
        }
        return out.toString();
    }

    /** How many of the backend's pooled connections were in use, and how many acquires waited for one. */
    static String pool(ConnectionFactory connections) {
        if (!(connections instanceof ConnectionPool pool) || pool.getMetrics().isEmpty()) {
            return "Connection pool: none with metrics (" + connections.getClass().getName() + ")";
        }
        PoolMetrics metrics = pool.getMetrics().get();
        return "Connection pool: " + metrics.acquiredSize() + " acquired, " + metrics.idleSize() + " idle, "
                + metrics.allocatedSize() + " allocated of " + metrics.getMaxAllocatedSize() + ", "
                + metrics.pendingAcquireSize() + " acquires waiting";
    }

    /** The sessions on the backend's database that are not idle: state, what they wait on, who blocks them. */
    static String databaseSessions() {
        StringBuilder out = new StringBuilder("Database sessions not idle\n");
        try (Connection db = FreshDatabase.backendDatabase(); Statement statement = db.createStatement();
             ResultSet rows = statement.executeQuery(SESSIONS)) {
            while (rows.next()) {
                out.append("pid ").append(rows.getInt("pid")).append(' ').append(rows.getString("state"))
                        .append(" wait ").append(rows.getString("wait_event_type")).append('/')
                        .append(rows.getString("wait_event")).append(" in transaction ")
                        .append(rows.getString("in_transaction")).append(" in statement ")
                        .append(rows.getString("in_statement")).append(" blocked by ")
                        .append(rows.getString("blocked_by")).append("\n    ").append(rows.getString("query"))
                        .append('\n');
            }
        } catch (SQLException failure) {
            out.append("not read: ").append(failure.getMessage()).append('\n');
        }
        return out.toString();
    }
}
