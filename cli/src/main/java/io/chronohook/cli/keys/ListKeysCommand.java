package io.chronohook.cli.keys;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.PagingOptions;
import io.chronohook.cli.api.Listing;
import io.chronohook.cli.api.Pager;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.output.Column;
import io.chronohook.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import tools.jackson.databind.JsonNode;

/** {@code chk keys list}: {@code GET /api/v1/api-keys}; the keys themselves are never shown again, only prefixes. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List API keys (their prefixes, not the keys).")
final class ListKeysCommand extends ApiCommand {

    static final List<Column<JsonNode>> COLUMNS = List.of(
            Column.field("ID", "id"),
            Column.field("NAME", "name"),
            Column.field("PREFIX", "prefix"),
            new Column<>("SCOPES", ListKeysCommand::scopes),
            Column.instant("CREATED", "createdAt"),
            Column.instant("LAST USED", "lastUsedAt"));

    @Mixin
    private PagingOptions paging;

    @Override
    public Integer call() {
        Listing keys = new Pager(api()).fetch("/api/v1/api-keys", Query.of(), paging.limit());
        output().list(keys, Table.of(COLUMNS, keys.items()), "No API keys.");
        return ExitCodes.OK;
    }

    static String scopes(JsonNode key) {
        List<String> scopes = new ArrayList<>();
        key.path("scopes").forEach(scope -> scopes.add(scope.asString()));
        return String.join(",", scopes);
    }
}
