package io.chronohook.cli;

/**
 * A command that cannot go on, with the message shown to the user on stderr and the exit code the process ends
 * with. Thrown anywhere below a command and turned into output by {@link Failures}.
 */
public class CliFailure extends RuntimeException {

    private final int exitCode;

    public CliFailure(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    public CliFailure(int exitCode, String message, Throwable cause) {
        super(message, cause, false, false);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** A mistake in what the user gave: an unreadable or malformed file, options that do not fit together. */
    public static CliFailure usage(String message) {
        return new CliFailure(ExitCodes.USAGE, message);
    }
}
