package io.chronohook.cli.schedules;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.output.Cells;
import io.chronohook.cli.output.Output;
import io.chronohook.cli.output.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code chk schedules preview}: the next fire times of a cron expression in a time zone, from
 * {@code POST /api/v1/schedules/preview} — the API's own cron dialect and DST rules, not a local imitation.
 */
@Command(name = "preview", mixinStandardHelpOptions = true,
        description = {"Show the next fire times of a cron schedule, in UTC and in its time zone.",
                "  chk schedules preview --cron '30 2 * * *' --timezone Europe/Berlin"})
final class PreviewScheduleCommand extends ApiCommand {

    @Option(names = "--cron", required = true, paramLabel = "EXPR",
            description = "Five fields, or six with seconds first; or a macro such as @daily.")
    private String cron;

    @Option(names = {"--timezone", "--time-zone"}, paramLabel = "ZONE", description = "IANA time zone (default UTC).")
    private String timeZone;

    @Option(names = "--count", paramLabel = "N", description = "How many fire times (1-100, default 5).")
    private Integer count;

    @Option(names = "--after", paramLabel = "INSTANT", description = "Fire times after this instant (default now).")
    private String after;

    @Override
    public Integer call() {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        ObjectNode schedule = request.putObject("schedule").put("type", "cron").put("cron", cron);
        if (timeZone != null) {
            schedule.put("timeZone", timeZone);
        }
        if (count != null) {
            request.put("count", count);
        }
        if (after != null) {
            request.put("after", after);
        }
        ApiResponse preview = api().post("/api/v1/schedules/preview", request.toString());
        Output output = output();
        if (output.json()) {
            output.raw(preview);
            return ExitCodes.OK;
        }
        Table table = Table.withHeaders("#", "UTC", "LOCAL");
        int number = 1;
        for (JsonNode fire : ApiClient.json(preview).path("fireTimes")) {
            table.row(number++, Cells.instant(Cells.text(fire, "utc")), Cells.text(fire, "local"));
        }
        output.table(table);
        return ExitCodes.OK;
    }
}
