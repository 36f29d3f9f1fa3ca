package io.chronohook.cli.jobs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.runs.RunFormat;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code chk jobs trigger ID}: {@code POST /api/v1/jobs/{id}/trigger}, a run due now; answered with the run. */
@Command(name = "trigger", mixinStandardHelpOptions = true,
        description = {"Run a job now, outside its schedule; prints the new run.",
                "Follow it with: chk runs get RUN_ID, or chk runs tail --job ID"})
final class TriggerJobCommand extends ApiCommand {

    @Parameters(paramLabel = "ID", description = "The job's id (job_…).")
    private String id;

    @Option(names = "--idempotency-key", paramLabel = "KEY",
            description = "Sent as Idempotency-Key: the same key within 24 h answers the same run again.")
    private String idempotencyKey;

    @Override
    public Integer call() {
        Map<String, String> headers = new HashMap<>();
        if (idempotencyKey != null) {
            headers.put("Idempotency-Key", idempotencyKey);
        }
        ApiResponse run = api().send("POST", JobsCommand.path(id) + "/trigger", Query.of(), null, headers);
        RunFormat.show(output(), run, "Triggered:");
        return ExitCodes.OK;
    }
}
