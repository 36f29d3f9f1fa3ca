package io.chronohook.cli;

import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.output.Output;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that calls the API: its result is the process's exit code, its failures are {@link CliFailure}s. */
public abstract class ApiCommand implements Callable<Integer> {

    @Spec
    protected CommandSpec spec;

    protected Context context() {
        return Chk.context(spec);
    }

    protected ApiClient api() {
        return context().api();
    }

    protected Output output() {
        return context().output();
    }
}
