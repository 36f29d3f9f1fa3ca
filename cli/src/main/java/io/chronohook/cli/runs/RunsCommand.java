package io.chronohook.cli.runs;

import io.chronohook.cli.api.Query;
import picocli.CommandLine.Command;

/** {@code chk runs …}: runs of jobs. Without a subcommand picocli shows the usage (exit code 2). */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = "List a job's runs, show one run with its attempts, follow runs live.",
        subcommands = {ListRunsCommand.class, GetRunCommand.class, TailRunsCommand.class})
public final class RunsCommand {

    static String jobRunsPath(String jobId) {
        return "/api/v1/jobs/" + Query.segment(jobId) + "/runs";
    }

    /** The API path of one run. */
    public static String runPath(String runId) {
        return "/api/v1/runs/" + Query.segment(runId);
    }
}
