package io.chronohook.cli.runs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.PagingOptions;
import io.chronohook.cli.api.Listing;
import io.chronohook.cli.api.Pager;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.output.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code chk runs list --job ID}: {@code GET /api/v1/jobs/{id}/runs}, newest first (the API lists runs per job). */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List a job's runs, newest first (runs planned ahead included).",
                "The tenant's dead runs across jobs: chk dead-letters list"})
final class ListRunsCommand extends ApiCommand {

    @Option(names = "--job", required = true, paramLabel = "ID",
            description = "The job whose runs to list (the API lists runs per job).")
    private String job;

    @Option(names = "--state", paramLabel = "STATE", description = "Only runs in this state: scheduled, queued, "
            + "delivering, running, retry_wait, succeeded, dead, cancelled, quota_exceeded, skipped.")
    private String state;

    @Mixin
    private PagingOptions paging;

    @Override
    public Integer call() {
        Listing runs = new Pager(api()).fetch(RunsCommand.jobRunsPath(job), Query.of().add("state", state),
                paging.limit());
        output().list(runs, Table.of(RunFormat.COLUMNS, runs.items()), "No runs.");
        return ExitCodes.OK;
    }
}
