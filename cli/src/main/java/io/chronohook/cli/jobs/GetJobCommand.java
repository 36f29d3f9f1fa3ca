package io.chronohook.cli.jobs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.output.Output;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code chk jobs get ID}: {@code GET /api/v1/jobs/{id}}, the job with its last run. */
@Command(name = "get", mixinStandardHelpOptions = true, description = "Show one job with its last run.")
final class GetJobCommand extends ApiCommand {

    @Parameters(paramLabel = "ID", description = "The job's id (job_…).")
    private String id;

    @Override
    public Integer call() {
        show(output(), api().get(JobsCommand.path(id), Query.of()), null);
        return ExitCodes.OK;
    }

    /** Prints a job answer: as received with {@code --json}, else {@code headline} (if any) and the job's block. */
    static void show(Output output, ApiResponse response, String headline) {
        if (output.json()) {
            output.raw(response);
            return;
        }
        if (headline != null) {
            output.note(headline);
        }
        output.block(JobFormat.details(ApiClient.json(response)));
    }
}
