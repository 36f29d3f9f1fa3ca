package io.chronohook.cli.keys;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.output.Cells;
import io.chronohook.cli.output.Output;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code chk keys create}: {@code POST /api/v1/api-keys}. The API shows the new key this once; scopes are asked for
 * explicitly, so that no key gets more than was meant.
 */
@Command(name = "create", mixinStandardHelpOptions = true,
        description = {"Create an API key; it is printed once, store it then.",
                "  chk keys create --name ci --scope jobs:read --scope jobs:write"})
final class CreateKeyCommand extends ApiCommand {

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "What the key is for (1-100 "
            + "characters).")
    private String name;

    @Option(names = "--scope", required = true, paramLabel = "SCOPE", split = ",",
            description = "jobs:read, jobs:write or admin (repeatable, or comma-separated).")
    private List<String> scopes;

    @Override
    public Integer call() {
        ObjectNode request = JsonNodeFactory.instance.objectNode().put("name", name);
        scopes.forEach(request.putArray("scopes")::add);
        ApiResponse created = api().post("/api/v1/api-keys", request.toString());
        Output output = output();
        if (output.json()) {
            output.raw(created);
            return ExitCodes.OK;
        }
        JsonNode key = ApiClient.json(created);
        output.note("Created API key " + Cells.text(key, "id") + " (" + Cells.text(key, "name") + ") with scopes "
                + ListKeysCommand.scopes(key) + ". It is shown only now:");
        output.line(Cells.text(key, "apiKey"));
        return ExitCodes.OK;
    }
}
