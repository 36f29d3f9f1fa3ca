package io.chronohook.cli.config;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * The API a command talks to and the key it uses, with where each came from. The URL: {@code --url}, else
 * {@code CHRONOHOOK_URL}, else the login file, else {@value #DEFAULT_URL}. The key: {@code CHRONOHOOK_API_KEY}, else
 * the login file — but the file's key only for the URL it was checked against, so that pointing chk at another
 * installation never sends it a key of this one.
 */
public record Endpoint(URI url, String apiKey) {

    public static final String DEFAULT_URL = "http://localhost:8080";
    public static final String URL_VARIABLE = "CHRONOHOOK_URL";
    public static final String KEY_VARIABLE = "CHRONOHOOK_API_KEY";

    /** The URL alone (for {@code chk login}, which brings its own key). */
    public static URI url(String urlFlag, Map<String, String> env, Optional<StoredLogin> stored) {
        if (present(urlFlag)) {
            return parseUrl(urlFlag, "--url");
        }
        if (present(env.get(URL_VARIABLE))) {
            return parseUrl(env.get(URL_VARIABLE), URL_VARIABLE);
        }
        return stored.map(login -> parseUrl(login.url(), "the login file's url")).orElse(URI.create(DEFAULT_URL));
    }

    /** The URL and the key; fails with {@link ExitCodes#CREDENTIAL} when there is no key for that URL. */
    public static Endpoint resolve(String urlFlag, Map<String, String> env, Optional<StoredLogin> stored,
                                   String configPath) {
        URI url = url(urlFlag, env, stored);
        if (present(env.get(KEY_VARIABLE))) {
            return new Endpoint(url, env.get(KEY_VARIABLE).strip());
        }
        if (stored.isEmpty()) {
            throw new CliFailure(ExitCodes.CREDENTIAL, "no API key: run `chk login` (it keeps the key in "
                    + configPath + "), or set " + KEY_VARIABLE);
        }
        StoredLogin login = stored.get();
        if (!sameApi(url, parseUrl(login.url(), "the login file's url"))) {
            throw new CliFailure(ExitCodes.CREDENTIAL, "no API key for " + url + ": the saved key is for "
                    + login.url() + "; run `chk --url " + url + " login`, or set " + KEY_VARIABLE);
        }
        return new Endpoint(url, login.apiKey());
    }

    /** An http(s) URL with a host, without a trailing slash; anything else is a usage error naming {@code source}. */
    public static URI parseUrl(String text, String source) {
        URI uri;
        try {
            uri = URI.create(text.strip());
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage(source + " is not a URL: " + text);
        }
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                || uri.getHost() == null) {
            throw CliFailure.usage(source + " must be an http:// or https:// URL with a host, such as "
                    + DEFAULT_URL + "; got " + text);
        }
        if (uri.getQuery() != null || uri.getFragment() != null) {
            throw CliFailure.usage(source + " must not have a query or fragment: " + text);
        }
        String normalized = uri.toString();
        return URI.create(normalized.endsWith("/") ? normalized.substring(0, normalized.length() - 1) : normalized);
    }

    private static boolean sameApi(URI a, URI b) {
        return a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost().equalsIgnoreCase(b.getHost())
                && port(a) == port(b) && path(a).equals(path(b));
    }

    private static int port(URI uri) {
        return uri.getPort() != -1 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }

    private static String path(URI uri) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
