package io.chronohook.cli.jobs;

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

/** {@code chk jobs list}: {@code GET /api/v1/jobs}, newest first, page by page. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List jobs, newest first.")
final class ListJobsCommand extends ApiCommand {

    @Option(names = "--state", paramLabel = "STATE", description = "Only jobs in this state: active, paused, "
            + "completed.")
    private String state;

    @Option(names = "--label", paramLabel = "KEY:VALUE", description = "Only jobs with this label.")
    private String label;

    @Option(names = "--name", paramLabel = "TEXT", description = "Only jobs whose name contains this (any case).")
    private String name;

    @Mixin
    private PagingOptions paging;

    @Override
    public Integer call() {
        Query query = Query.of().add("state", state).add("label", label).add("name", name);
        Listing jobs = new Pager(api()).fetch("/api/v1/jobs", query, paging.limit());
        output().list(jobs, Table.of(JobFormat.COLUMNS, jobs.items()), "No jobs.");
        return ExitCodes.OK;
    }
}
