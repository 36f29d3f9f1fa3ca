package io.chronohook.cli.deadletters;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.runs.RunFormat;
import io.chronohook.cli.runs.RunsCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code chk dead-letters replay RUN_ID}: {@code POST /api/v1/runs/{id}/replay} — the dead run back to
 * {@code queued}, same id, a fresh attempt budget; the API answers {@code 409 invalid_state} (exit 3) if it is not
 * dead.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Send a dead run again: same run id, a fresh set of attempts.",
                "Follow it with: chk runs get RUN_ID"})
final class ReplayDeadLetterCommand extends ApiCommand {

    @Parameters(paramLabel = "RUN_ID", description = "The dead run's id.")
    private String runId;

    @Override
    public Integer call() {
        RunFormat.show(output(), api().post(RunsCommand.runPath(runId) + "/replay", null), "Replaying:");
        return ExitCodes.OK;
    }
}
