package io.chronohook.cli.jobs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code chk jobs pause|resume ID}: {@code POST /api/v1/jobs/{id}/pause|resume}, answered with the job. */
abstract class JobActionCommand extends ApiCommand {

    @Parameters(paramLabel = "ID", description = "The job's id (job_…).")
    private String id;

    private final String action;
    private final String done;

    JobActionCommand(String action, String done) {
        this.action = action;
        this.done = done;
    }

    @Override
    public Integer call() {
        GetJobCommand.show(output(), api().post(JobsCommand.path(id) + "/" + action, null), done);
        return ExitCodes.OK;
    }

    @Command(name = "pause", mixinStandardHelpOptions = true,
            description = "Pause a job: runs not yet delivering are cancelled until it is resumed.")
    static final class Pause extends JobActionCommand {
        Pause() {
            super("pause", "Paused:");
        }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true,
            description = "Resume a paused job; its missed-run policy decides about the occurrences it missed.")
    static final class Resume extends JobActionCommand {
        Resume() {
            super("resume", "Resumed:");
        }
    }
}
