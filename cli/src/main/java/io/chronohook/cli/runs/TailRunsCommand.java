package io.chronohook.cli.runs;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiRefusedException;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.output.Output;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * {@code chk runs tail}: follows jobs' runs live. The API has no stream of runs, so it polls each job's run list
 * ({@code GET /api/v1/jobs/{id}/runs}, newest first) every second and prints each new run and each change of state
 * once; a run it follows that has fallen off that page is read by itself ({@code GET /api/v1/runs/{id}}).
 */
@Command(name = "tail", mixinStandardHelpOptions = true,
        description = {"Follow runs live: print each new run and each change of state as it happens.",
                "Polls every second. Stops after --count runs ended (succeeded, dead,",
                "cancelled or skipped), else runs until interrupted (Ctrl-C).",
                "With --json: one run per line (JSON Lines).",
                "  chk runs tail --job job_… --count 3"})
final class TailRunsCommand extends ApiCommand {

    static final Duration POLL_EVERY = Duration.ofSeconds(1);
    /** The newest runs read per job and poll: more than a job firing every second plans ahead. */
    static final int PAGE = 100;

    @Option(names = "--job", required = true, paramLabel = "ID",
            description = "A job whose runs to follow (repeatable; the API lists runs per job).")
    private List<String> jobs;

    @Option(names = "--count", paramLabel = "N",
            description = "Stop (exit 0) once N runs have ended while followed.")
    private Integer count;

    @Override
    public Integer call() throws InterruptedException {
        if (count != null && count < 1) {
            throw CliFailure.usage("--count must be at least 1, got " + count);
        }
        ApiClient api = api();
        Output output = output();
        RunTracker tracker = new RunTracker();
        List<RunTracker.Change> underway = tracker.start(poll(api, tracker));
        output.note("Following the runs of " + String.join(", ", jobs)
                + (count == null ? " (Ctrl-C to stop)" : " until " + count + " ended") + "...");
        print(output, underway);
        int ended = 0;
        boolean lost = false;
        while (true) {
            Thread.sleep(POLL_EVERY);
            List<RunTracker.Change> changes;
            try {
                changes = tracker.observe(poll(api, tracker));
            } catch (CliFailure unavailable) {
                if (unavailable.exitCode() != ExitCodes.UNAVAILABLE) {
                    throw unavailable;
                }
                if (!lost) {
                    output.note("chk: " + unavailable.getMessage().lines().findFirst().orElse("")
                            + "; trying again every second");
                    lost = true;
                }
                continue;
            }
            if (lost) {
                output.note("chk: the API answers again");
                lost = false;
            }
            for (RunTracker.Change change : changes) {
                print(output, List.of(change));
                if (change.finished() && count != null && ++ended >= count) {
                    return ExitCodes.OK;
                }
            }
        }
    }

    private void print(Output output, List<RunTracker.Change> changes) {
        for (RunTracker.Change change : changes) {
            if (output.json()) {
                output.jsonLine(change.run());
            } else {
                output.line(RunFormat.tailLine(change.run(), change.previousState(), jobs.size() > 1));
            }
        }
    }

    /** The newest runs of every job, and those followed but no longer among them. */
    private List<JsonNode> poll(ApiClient api, RunTracker tracker) {
        List<JsonNode> runs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String job : jobs) {
            JsonNode page = ApiClient.json(api.get(RunsCommand.jobRunsPath(job), Query.of().add("limit", PAGE)));
            for (JsonNode run : page.path("items")) {
                runs.add(run);
                seen.add(run.path("id").asString());
            }
        }
        for (String id : tracker.underway()) {
            if (!seen.contains(id)) {
                try {
                    runs.add(ApiClient.json(api.get(RunsCommand.runPath(id), Query.of())));
                } catch (ApiRefusedException gone) {
                    if (gone.problem().status() != 404 && gone.problem().status() != 410) {
                        throw gone;
                    }
                    tracker.forget(id);
                }
            }
        }
        return runs;
    }
}
