package io.chronohook.cli.schedules;

import picocli.CommandLine.Command;

/** {@code chk schedules …}. Without a subcommand picocli shows the usage (exit code 2). */
@Command(name = "schedules", mixinStandardHelpOptions = true,
        description = "Try schedules before giving them to a job.",
        subcommands = PreviewScheduleCommand.class)
public final class SchedulesCommand {
}
