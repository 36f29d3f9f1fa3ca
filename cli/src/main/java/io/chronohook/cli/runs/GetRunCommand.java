package io.chronohook.cli.runs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.Query;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code chk runs get RUN_ID}: {@code GET /api/v1/runs/{id}}, the run with every attempt. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = "Show one run with its attempts (--json: with each attempt's request and response headers).")
final class GetRunCommand extends ApiCommand {

    @Parameters(paramLabel = "RUN_ID", description = "The run's id.")
    private String id;

    @Override
    public Integer call() {
        RunFormat.show(output(), api().get(RunsCommand.runPath(id), Query.of()), null);
        return ExitCodes.OK;
    }
}
