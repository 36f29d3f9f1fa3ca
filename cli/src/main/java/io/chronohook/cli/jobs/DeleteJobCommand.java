package io.chronohook.cli.jobs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code chk jobs delete ID}: {@code DELETE /api/v1/jobs/{id}} ({@code 204}); runs not yet delivering are cancelled. */
@Command(name = "delete", mixinStandardHelpOptions = true,
        description = "Delete a job; its runs not yet delivering are cancelled. Prints nothing with --json.")
final class DeleteJobCommand extends ApiCommand {

    @Parameters(paramLabel = "ID", description = "The job's id (job_…).")
    private String id;

    @Override
    public Integer call() {
        api().delete(JobsCommand.path(id));
        if (!output().json()) {
            output().line("Deleted job " + id + ".");
        }
        return ExitCodes.OK;
    }
}
