package io.chronohook.cli.login;

import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.config.ConfigFile;
import picocli.CommandLine.Command;

/**
 * {@code chk logout}: removes the login file. The key itself stays valid until revoked ({@code chk keys revoke}):
 * logging out only forgets it on this machine.
 */
@Command(name = "logout", mixinStandardHelpOptions = true,
        description = {"Forget the kept API key (remove the login file).",
                "The key stays valid until it is revoked: chk keys revoke ID."})
public final class LogoutCommand extends ApiCommand {

    @Override
    public Integer call() {
        ConfigFile config = context().config();
        if (config.delete()) {
            output().note("Logged out: removed " + config.path() + ".");
        } else {
            output().note("Not logged in (no " + config.path() + ").");
        }
        return ExitCodes.OK;
    }
}
