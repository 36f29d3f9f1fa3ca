package io.chronohook.cli.keys;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.Query;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code chk keys revoke ID}: {@code DELETE /api/v1/api-keys/{id}}; the key is refused from the next request on. */
@Command(name = "revoke", mixinStandardHelpOptions = true,
        description = "Revoke an API key: it is refused from the next request on. Prints nothing with --json.")
final class RevokeKeyCommand extends ApiCommand {

    @Parameters(paramLabel = "ID", description = "The key's id (key_…), from chk keys list.")
    private String id;

    @Override
    public Integer call() {
        api().delete("/api/v1/api-keys/" + Query.segment(id));
        if (!output().json()) {
            output().line("Revoked API key " + id + ".");
        }
        return ExitCodes.OK;
    }
}
