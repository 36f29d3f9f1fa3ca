package io.chronohook.cli;

import io.chronohook.cli.deadletters.DeadLettersCommand;
import io.chronohook.cli.jobs.JobsCommand;
import io.chronohook.cli.keys.KeysCommand;
import io.chronohook.cli.listen.ListenCommand;
import io.chronohook.cli.login.LoginCommand;
import io.chronohook.cli.login.LogoutCommand;
import io.chronohook.cli.runs.RunsCommand;
import io.chronohook.cli.schedules.SchedulesCommand;
import io.chronohook.cli.usage.UsageCommand;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** {@code chk}: the tenant's command line for Chronohook. The root command holds the global options. */
@Command(name = "chk", mixinStandardHelpOptions = true, versionProvider = Chk.Version.class,
        description = "Chronohook from the command line: jobs, runs, dead letters, API keys and usage of your "
                + "tenant, over the REST API.",
        subcommands = {LoginCommand.class, LogoutCommand.class, JobsCommand.class, RunsCommand.class,
                DeadLettersCommand.class, SchedulesCommand.class, KeysCommand.class, UsageCommand.class,
                ListenCommand.class, CompletionCommand.class},
        footerHeading = "%n",
        footer = {
                "Credentials: `chk login` checks an API key and keeps it, readable only by you,",
                "in $XDG_CONFIG_HOME/chronohook/config.json (~/.config/chronohook/config.json).",
                "CHRONOHOOK_API_KEY and CHRONOHOOK_URL override it, --url overrides",
                "CHRONOHOOK_URL; the default URL is http://localhost:8080.",
                "",
                "Exit codes:",
                "  0  success",
                "  2  usage error (unknown command or option, missing argument, bad --file)",
                "  3  the API refused the request (4xx): its problem is printed on stderr",
                "  4  no API key, or the API refused it (401) or it lacks the scope (403)",
                "  5  the API could not be reached, or answered with a server error (5xx)",
                "  1  an unexpected error in chk (CHK_DEBUG=1 shows where)"})
public final class Chk {

    @Option(names = "--url", paramLabel = "URL",
            description = "The API's base URL (default: CHRONOHOOK_URL, then the login's, then http://localhost:8080). "
                    + "Give it before the command: chk --url https://api.example.com jobs list")
    private String url;

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Print the API's JSON as received (lists: one array of every item fetched), for scripts.")
    private boolean json;

    private final Context context;

    private Chk(Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
        this.context = new Context(env, in, out, err, this);
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int exitCode = run(args, System.getenv(), System.in, out, err);
        out.flush();
        err.flush();
        System.exit(exitCode);
    }

    /** Runs one command line with this environment and these streams; returns the exit code. */
    public static int run(String[] args, Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
        CommandLine commandLine = new CommandLine(new Chk(env, in, out, err));
        commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        commandLine.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        commandLine.setExecutionExceptionHandler(new Failures(err, env.get("CHK_DEBUG") != null));
        return commandLine.execute(args);
    }

    /** The context of the run a command belongs to. */
    static Context context(CommandSpec spec) {
        return ((Chk) spec.root().userObject()).context;
    }

    String url() {
        return url;
    }

    boolean json() {
        return json;
    }

    /** This build's version, from the jar's manifest ({@code dev} when run from classes). */
    public static String version() {
        String version = Chk.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    /** {@code chk --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"chk " + version()};
        }
    }
}
