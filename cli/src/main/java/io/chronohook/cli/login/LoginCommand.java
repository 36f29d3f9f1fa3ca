package io.chronohook.cli.login;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.api.Query;
import io.chronohook.cli.config.ConfigFile;
import io.chronohook.cli.config.Endpoint;
import io.chronohook.cli.config.StoredLogin;
import io.chronohook.cli.output.Cells;
import io.chronohook.cli.output.Output;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * {@code chk login}: asks the API who the key belongs to ({@code GET /api/v1/me}) and, when it answers, keeps the URL
 * and key in the login file. The key is best not given as {@code --key}, where other users may see it in the process
 * list: without it, chk asks for it on the terminal (not echoed) or reads it from stdin.
 */
@Command(name = "login", mixinStandardHelpOptions = true,
        description = {"Check an API key against the API and keep it (with the URL) for the next commands.",
                "Without --key the key is read from the terminal (not shown) or from stdin:",
                "  chk login --url https://api.example.com < key.txt"})
public final class LoginCommand extends ApiCommand {

    @Option(names = "--url", paramLabel = "URL",
            description = "The API's base URL (default: the global --url, CHRONOHOOK_URL, the current login's, "
                    + "or http://localhost:8080).")
    private String url;

    @Option(names = "--key", paramLabel = "KEY",
            description = "The API key (chk_…). Prefer stdin or the prompt: a key on the command line is visible "
                    + "to other users of the machine.")
    private String key;

    @Override
    public Integer call() {
        ConfigFile config = context().config();
        URI api = Endpoint.url(url != null ? url : context().urlOption(), context().env(), previousLogin());
        String apiKey = key != null ? key.strip() : readKey(api);
        if (apiKey.isEmpty()) {
            throw CliFailure.usage("no API key given: pass --key, type it at the prompt, or pipe it on stdin");
        }
        ApiResponse me = context().api(api, apiKey).get("/api/v1/me", Query.of());
        config.write(new StoredLogin(api.toString(), apiKey));
        Output output = output();
        if (output.json()) {
            output.raw(me);
        } else {
            JsonNode who = ApiClient.json(me);
            output.line("Logged in to " + api + " as tenant " + Cells.text(who, "tenantName") + " ("
                    + Cells.text(who, "tenantId") + "), plan " + Cells.text(who, "plan") + ".");
            output.line("Key " + Cells.text(who, "credential.id") + ", scopes: "
                    + String.join(", ", scopes(who)) + ".");
            output.line("Saved in " + config.path() + " (readable only by you).");
        }
        return ExitCodes.OK;
    }

    /** The current login, whose URL is the default; a broken file is what a new login repairs, so it is skipped. */
    private Optional<StoredLogin> previousLogin() {
        try {
            return context().storedLogin();
        } catch (CliFailure unusable) {
            return Optional.empty();
        }
    }

    private String readKey(URI api) {
        Console console = System.console();
        if (console != null && console.isTerminal()) {
            char[] typed = console.readPassword("API key for %s: ", api);
            return typed == null ? "" : new String(typed).strip();
        }
        try {
            String line = new BufferedReader(new InputStreamReader(context().in(), StandardCharsets.UTF_8))
                    .readLine();
            return line == null ? "" : line.strip();
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.USAGE, "cannot read the API key from stdin: " + e.getMessage());
        }
    }

    private static List<String> scopes(JsonNode who) {
        List<String> scopes = new ArrayList<>();
        who.path("scopes").forEach(scope -> scopes.add(scope.asString()));
        return scopes.isEmpty() ? List.of("none") : scopes;
    }
}
