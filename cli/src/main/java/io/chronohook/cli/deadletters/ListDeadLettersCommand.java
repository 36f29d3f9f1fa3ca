package io.chronohook.cli.deadletters;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.PagingOptions;
import io.chronohook.cli.api.Listing;
import io.chronohook.cli.api.Pager;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.output.Table;
import io.chronohook.cli.runs.RunFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code chk dead-letters list}: {@code GET /api/v1/dead-letters}, newest first, each with its job's name. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List dead runs of every job (or of one), newest first.")
final class ListDeadLettersCommand extends ApiCommand {

    @Option(names = "--job", paramLabel = "ID", description = "Only the dead runs of this job.")
    private String job;

    @Mixin
    private PagingOptions paging;

    @Override
    public Integer call() {
        Listing dead = new Pager(api()).fetch("/api/v1/dead-letters", Query.of().add("jobId", job), paging.limit());
        output().list(dead, Table.of(RunFormat.DEAD_LETTER_COLUMNS, dead.items()), "No dead runs.");
        return ExitCodes.OK;
    }
}
