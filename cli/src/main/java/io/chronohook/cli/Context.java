package io.chronohook.cli;

import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.config.ConfigFile;
import io.chronohook.cli.config.Endpoint;
import io.chronohook.cli.config.StoredLogin;
import io.chronohook.cli.output.Output;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * What one run of chk works with: its environment, streams and global options, and from them the login file, the
 * output and the API client. Commands reach it through {@link Chk#context}, so that tests can run chk in-process
 * with an environment of their own.
 */
public final class Context {

    private final Map<String, String> env;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;
    private final Chk options;

    Context(Map<String, String> env, InputStream in, PrintStream out, PrintStream err, Chk options) {
        this.env = Map.copyOf(env);
        this.in = in;
        this.out = out;
        this.err = err;
        this.options = options;
    }

    public Map<String, String> env() {
        return env;
    }

    public InputStream in() {
        return in;
    }

    public PrintStream out() {
        return out;
    }

    public Output output() {
        return new Output(out, err, options.json());
    }

    public ConfigFile config() {
        return ConfigFile.in(env);
    }

    /** The login file's content, if there is one. */
    public Optional<StoredLogin> storedLogin() {
        return config().read(err);
    }

    /** The global {@code --url}, or null. */
    public String urlOption() {
        return options.url();
    }

    /** The API with the key this command should use; fails with exit code 4 when there is none. */
    public ApiClient api() {
        ConfigFile config = config();
        Endpoint endpoint = Endpoint.resolve(options.url(), env, config.read(err), config.path().toString());
        return api(endpoint.url(), endpoint.apiKey());
    }

    /** The API at {@code url} with {@code apiKey} (checking a key before it is kept). */
    public ApiClient api(URI url, String apiKey) {
        return new ApiClient(url, apiKey, Chk.version());
    }
}
