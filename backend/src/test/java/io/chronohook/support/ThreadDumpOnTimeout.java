package io.chronohook.support;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test fails because it waited too long (a response or a blocking read that timed out), prints every
 * thread's full stack to standard error before the failure is reported, so a stall seen once in a build can be
 * read from its log: what the server's event loops and workers were doing at that moment.
 */
public class ThreadDumpOnTimeout implements TestExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (timedOut(failure)) {
            System.err.println(dump(context.getDisplayName()));
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
}
