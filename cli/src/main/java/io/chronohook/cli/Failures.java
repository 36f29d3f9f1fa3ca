package io.chronohook.cli;

import io.chronohook.cli.api.ApiRefusedException;
import io.chronohook.cli.api.Problem;
import io.chronohook.cli.output.Cells;
import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns what stopped a command into a message on stderr and an exit code ({@link ExitCodes}): a refusal of the API
 * with its problem and field errors, an unreachable API, a missing key, or — unexpected — a bug, shown with its stack
 * trace only when {@code CHK_DEBUG} is set.
 */
final class Failures implements IExecutionExceptionHandler {

    private final PrintStream err;
    private final boolean debug;

    Failures(PrintStream err, boolean debug) {
        this.err = err;
        this.debug = debug;
    }

    @Override
    public int handleExecutionException(Exception failure, CommandLine command, ParseResult parsed) {
        if (failure instanceof ApiRefusedException refused) {
            Problem problem = refused.problem();
            print(headline(problem.status()), problem.describe());
        } else if (failure instanceof CliFailure known) {
            print(null, List.of(known.getMessage().split("\n")));
        } else {
            print("unexpected error (set CHK_DEBUG=1 to see where)", List.of(String.valueOf(failure)));
        }
        if (debug) {
            failure.printStackTrace(err);
        }
        err.flush();
        return failure instanceof CliFailure known ? known.exitCode() : ExitCodes.INTERNAL;
    }

    /** What kind of refusal it was, before the problem itself. */
    static String headline(int status) {
        return switch (status) {
            case 401 -> "the API did not accept the API key (run `chk login` with a valid key, or check "
                    + "CHRONOHOOK_API_KEY)";
            case 403 -> "the API key may not do this (it lacks the scope, or the plan does not allow it)";
            default -> status >= 500 ? "the API failed to answer the request" : "the API refused the request";
        };
    }

    private void print(String headline, List<String> lines) {
        if (headline != null) {
            err.println("chk: " + headline + ":");
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = Cells.printable(lines.get(i));
            err.println(headline == null && i == 0 ? "chk: " + line : "  " + line);
        }
    }
}
