package io.chronohook.cli.deadletters;

import picocli.CommandLine.Command;

/** {@code chk dead-letters …}: runs that failed for good. Without a subcommand picocli shows the usage (exit 2). */
@Command(name = "dead-letters", mixinStandardHelpOptions = true,
        description = "List dead runs (failed for good) and replay one.",
        subcommands = {ListDeadLettersCommand.class, ReplayDeadLetterCommand.class})
public final class DeadLettersCommand {
}
