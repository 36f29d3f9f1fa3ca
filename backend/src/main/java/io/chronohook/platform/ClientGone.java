package io.chronohook.platform;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import org.springframework.dao.DataAccessException;
import io.r2dbc.spi.R2dbcException;

/** Tells a client that hung up mid-request (reset, broken pipe, aborted response) from a failure of ours. */
public final class ClientGone {

    private ClientGone() {
    }

    public static boolean is(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataAccessException || cause instanceof R2dbcException) {
                return false;
            }
            if (cause instanceof ClosedChannelException
                    || cause.getClass().getName().equals("reactor.netty.channel.AbortedException")) {
                return true;
            }
            if (cause instanceof IOException && cause.getMessage() != null
                    && (cause.getMessage().contains("Connection reset by peer")
                    || cause.getMessage().contains("Broken pipe"))) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
