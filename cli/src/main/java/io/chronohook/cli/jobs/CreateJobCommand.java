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
import tools.jackson.databind.node.ObjectNode;

/** {@code chk jobs create}: {@code POST /api/v1/jobs} with a job from a file, options, or both. */
@Command(name = "create", mixinStandardHelpOptions = true,
        description = {"Create a job from --file, from options, or from both (options win).",
                "  chk jobs create --name report --cron '0 2 * * *' \\",
                "      --timezone Europe/Berlin --url https://example.com/hooks/report \\",
                "      --header X-Source=chk --body '{\"report\":\"daily\"}'",
                "  chk jobs create --file job.json"})
final class CreateJobCommand extends ApiCommand {

    @Mixin
    private JobOptions options;

    @Option(names = "--idempotency-key", paramLabel = "KEY",
            description = "Sent as Idempotency-Key: the same key and body within 24 h answer the same job again.")
    private String idempotencyKey;

    @Override
    public Integer call() {
        if (!options.hasFile() && options.fields().isEmpty()) {
            throw CliFailure.usage("give the job: --file job.json, or at least --name, a schedule (--cron, --every, "
                    + "--at or --delay) and --url");
        }
        ObjectNode job = JobBody.create(options.base(context().in()), options.fields());
        Map<String, String> headers = new HashMap<>();
        if (idempotencyKey != null) {
            headers.put("Idempotency-Key", idempotencyKey);
        }
        ApiResponse created = api().send("POST", "/api/v1/jobs", Query.of(), job.toString(), headers);
        boolean replayed = created.headers().firstValue("Idempotent-Replayed").map("true"::equals).orElse(false);
        GetJobCommand.show(output(), created, replayed ? "Job already created with this idempotency key:"
                : "Created:");
        return ExitCodes.OK;
    }
}
