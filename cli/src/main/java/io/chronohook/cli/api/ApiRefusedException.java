package io.chronohook.cli.api;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;

/** The API answered, but not with a success: the problem it gave, and the exit code its status maps to. */
public final class ApiRefusedException extends CliFailure {

    private final transient Problem problem;

    public ApiRefusedException(Problem problem) {
        super(ExitCodes.forStatus(problem.status()), String.join("\n", problem.describe()));
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
