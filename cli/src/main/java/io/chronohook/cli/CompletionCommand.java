package io.chronohook.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code chk completion}: a bash completion script for every command and option, made from the commands themselves. */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a bash (or zsh, with bashcompinit) completion script for chk.",
                "Use it with: source <(chk completion)"})
final class CompletionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        Context context = Chk.context(spec);
        context.out().print(AutoComplete.bash("chk", spec.root().commandLine()));
        context.out().flush();
        return ExitCodes.OK;
    }
}
