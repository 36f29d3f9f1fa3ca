package io.chronohook.cli.keys;

import picocli.CommandLine.Command;

/** {@code chk keys …}: API keys; needs a key with the {@code admin} scope. Without a subcommand: usage, exit 2. */
@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "List, create and revoke API keys (needs a key with the admin scope).",
        subcommands = {ListKeysCommand.class, CreateKeyCommand.class, RevokeKeyCommand.class})
public final class KeysCommand {
}
