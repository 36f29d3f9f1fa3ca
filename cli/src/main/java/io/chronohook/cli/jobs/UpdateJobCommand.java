package io.chronohook.cli.jobs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.api.Query;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code chk jobs update ID}: {@code PATCH /api/v1/jobs/{id}} with a JSON merge patch — only what is given changes;
 * headers and labels given as options are added to the job's (a file can remove one with {@code null}).
 */
@Command(name = "update", mixinStandardHelpOptions = true,
        description = {"Change a job: only the fields given change (a JSON merge patch).",
                "  chk jobs update job_… --cron '*/5 * * * *'",
                "  echo '{\"target\":{\"headers\":{\"X-Old\":null}}}' | chk jobs update job_… --file -"})
final class UpdateJobCommand extends ApiCommand {

    @Parameters(paramLabel = "ID", description = "The job's id (job_…).")
    private String id;

    @Mixin
    private JobOptions options;

    @Option(names = "--if-match", paramLabel = "VERSION",
            description = "Change it only if it is still at this version (from jobs get); else exit 3 with "
                    + "version_conflict.")
    private Integer ifMatch;

    @Override
    public Integer call() {
        if (!options.hasFile() && options.fields().isEmpty()) {
            throw CliFailure.usage("nothing to change: give --file with a merge patch, or options such as --cron, "
                    + "--url or --name");
        }
        ObjectNode patch = JobBody.patch(options.base(context().in()), options.fields());
        Map<String, String> headers = new HashMap<>();
        if (ifMatch != null) {
            headers.put("If-Match", "\"" + ifMatch + "\"");
        }
        ApiResponse updated = api().send("PATCH", JobsCommand.path(id), Query.of(), patch.toString(), headers);
        GetJobCommand.show(output(), updated, "Updated:");
        return ExitCodes.OK;
    }
}
