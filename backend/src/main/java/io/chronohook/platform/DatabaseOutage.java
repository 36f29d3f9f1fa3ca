package io.chronohook.platform;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;

/**
 * Tells an outage of the database (refused or dropped connections, the server shutting down or out of resources, a
 * pool that cannot hand out a connection) from an error of the statement itself: the first is waited out, the
 * second is a defect to report.
 */
public final class DatabaseOutage {

    private DatabaseOutage() {
    }

    public static boolean is(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataAccessResourceFailureException
                    || cause instanceof TransientDataAccessResourceException
                    || cause instanceof QueryTimeoutException
                    || cause instanceof R2dbcNonTransientResourceException
                    || cause instanceof R2dbcTransientResourceException
                    || cause instanceof R2dbcTimeoutException
                    || cause instanceof IOException
                    || cause instanceof TimeoutException) {
                return true;
            }
            if (cause instanceof R2dbcException r2dbc && r2dbc.getSqlState() != null) {
                String state = r2dbc.getSqlState();
                // 08: connection exception; 57P: operator intervention (shutdown); 53: insufficient resources.
                if (state.startsWith("08") || state.startsWith("57P") || state.startsWith("53")) {
                    return true;
                }
            }
            if (cause.getClass().getName().startsWith("io.r2dbc.pool.")) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
