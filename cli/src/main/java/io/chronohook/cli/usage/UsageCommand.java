package io.chronohook.cli.usage;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.output.Cells;
import io.chronohook.cli.output.Column;
import io.chronohook.cli.output.Details;
import io.chronohook.cli.output.Output;
import io.chronohook.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import tools.jackson.databind.JsonNode;

/** {@code chk usage}: {@code GET /api/v1/usage} — executions, attempts and bytes this period, by day, and the bill so far. */
@Command(name = "usage", mixinStandardHelpOptions = true,
        description = "Show this billing period's usage against the plan, day by day, and the invoice so far.")
public final class UsageCommand extends ApiCommand {

    private static final List<Column<JsonNode>> DAY_COLUMNS = List.of(
            Column.field("DAY", "day"),
            Column.field("EXECUTIONS", "executions"),
            Column.field("ATTEMPTS", "attempts"),
            Column.field("EGRESS BYTES", "egressBytes"));

    @Override
    public Integer call() {
        ApiResponse response = api().get("/api/v1/usage", Query.of());
        Output output = output();
        if (output.json()) {
            output.raw(response);
            return ExitCodes.OK;
        }
        JsonNode usage = ApiClient.json(response);
        JsonNode invoice = usage.path("invoice");
        output.block(Details.of()
                .add("plan", plan(usage.path("plan")))
                .add("period", Cells.instant(Cells.text(usage, "periodStart")) + " to "
                        + Cells.instant(Cells.text(usage, "periodEnd")))
                .add("executions", Cells.text(usage, "executions") + of(invoice, "includedExecutions", "included"))
                .add("attempts", Cells.text(usage, "attempts"))
                .add("egress bytes", Cells.text(usage, "egressBytes"))
                .add("jobs", Cells.text(usage, "jobs") + of(usage.path("plan"), "maxJobs", "allowed"))
                .add("capped", Cells.text(usage, "capped"))
                .add("held for quota", Cells.text(usage, "quotaExceededRuns"))
                .add("invoice so far", invoice.isObject() ? invoice(invoice) : null)
                .render());
        List<JsonNode> days = new ArrayList<>();
        usage.path("days").forEach(days::add);
        if (!days.isEmpty()) {
            output.block("\n" + Table.of(DAY_COLUMNS, days).render());
        }
        return ExitCodes.OK;
    }

    /** The plan is an object (code, name, limits…); shown by name and code. */
    private static String plan(JsonNode plan) {
        if (!plan.isObject()) {
            return Cells.text(plan, "");
        }
        return Cells.text(plan, "name") + " (" + Cells.text(plan, "code") + ")";
    }

    private static String of(JsonNode node, String field, String what) {
        String value = Cells.text(node, field);
        return value == null ? "" : " of " + value + " " + what;
    }

    private static String invoice(JsonNode invoice) {
        return money(invoice.path("totalCents").asLong()) + " (" + money(invoice.path("monthlyPriceCents").asLong())
                + " plan + " + money(invoice.path("overageCents").asLong()) + " for "
                + Cells.text(invoice, "overageExecutions") + " executions over)";
    }

    private static String money(long cents) {
        return String.format(Locale.ROOT, "$%d.%02d", cents / 100, cents % 100);
    }
}
