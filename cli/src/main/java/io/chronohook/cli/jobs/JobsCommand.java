package io.chronohook.cli.jobs;

import io.chronohook.cli.api.Query;
import picocli.CommandLine.Command;

/** {@code chk jobs …}: the tenant's jobs. Without a subcommand picocli shows the usage (exit code 2). */
@Command(name = "jobs", mixinStandardHelpOptions = true,
        description = "List, show, create, change, pause, resume, trigger and delete jobs.",
        subcommands = {ListJobsCommand.class, GetJobCommand.class, CreateJobCommand.class, UpdateJobCommand.class,
                JobActionCommand.Pause.class, JobActionCommand.Resume.class, TriggerJobCommand.class,
                DeleteJobCommand.class})
public final class JobsCommand {

    /** The API path of one job; the id is encoded, so that whatever is typed stays one path segment. */
    static String path(String id) {
        return "/api/v1/jobs/" + Query.segment(id);
    }
}
