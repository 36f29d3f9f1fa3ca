package io.chronohook.cli;

/**
 * The exit codes of {@code chk}, the contract scripts rely on (listed in {@code chk --help} and docs/cli.md): they
 * tell apart a mistake on the command line, a request the API refused, a missing or refused credential, and an API
 * that could not be reached or failed.
 */
public final class ExitCodes {

    /** The command did what it was asked. */
    public static final int OK = 0;
    /** Something unexpected went wrong inside chk itself. */
    public static final int INTERNAL = 1;
    /** The command line was wrong: an unknown command or option, a missing argument, an unreadable file. */
    public static final int USAGE = 2;
    /** The API refused the request (a 4xx answer other than 401 and 403): the problem is printed. */
    public static final int REFUSED = 3;
    /** There is no credential, or the API refused it (401) or found it lacking a scope (403). */
    public static final int CREDENTIAL = 4;
    /** The API could not be reached, or answered with a server error (5xx) or something unexpected. */
    public static final int UNAVAILABLE = 5;

    private ExitCodes() {
    }

    /** The exit code for an API answer with this HTTP status that was not a success. */
    public static int forStatus(int status) {
        if (status == 401 || status == 403) {
            return CREDENTIAL;
        }
        if (status >= 400 && status < 500) {
            return REFUSED;
        }
        return UNAVAILABLE;
    }
}
