package io.chronohook.dashboard;

import java.net.URI;
import java.util.Locale;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The dashboard's settings under {@code chronohook.dashboard}, checked when the application starts. */
@ConfigurationProperties("chronohook.dashboard")
public record DashboardProperties(@DefaultValue(DashboardProperties.DEFAULT_BACKEND_URL) URI backendUrl,
                                  @DefaultValue("auto") SecureCookies secureCookies) {

    /** Whether cookies carry {@code Secure}: {@code auto} when the request came over HTTPS (see forwarded headers). */
    public enum SecureCookies { AUTO, ALWAYS, NEVER }

    /** Settings with the default cookie policy, for tests and tools. */
    public DashboardProperties(URI backendUrl) {
        this(backendUrl, SecureCookies.AUTO);
    }

    /** Where the backend listens when nothing else is configured. */
    public static final String DEFAULT_BACKEND_URL = "http://127.0.0.1:8080";

    private static final String WHAT = "chronohook.dashboard.backend-url (env CHRONOHOOK_BACKEND_URL)";

    /** Rejects anything but an absolute http(s) URL and drops trailing slashes, so paths can be appended as-is. */
    @ConstructorBinding
    public DashboardProperties {
        backendUrl = checked(backendUrl);
        secureCookies = secureCookies == null ? SecureCookies.AUTO : secureCookies;
    }

    private static URI checked(URI url) {
        if (url == null || url.toString().isBlank()) {
            throw new IllegalArgumentException(WHAT + " must be set to the backend's base URL, e.g. " + DEFAULT_BACKEND_URL);
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (url.isOpaque() || url.getRawAuthority() == null || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new IllegalArgumentException(WHAT + " must be an absolute http:// or https:// URL such as "
                    + DEFAULT_BACKEND_URL + ", but was '" + url + "'");
        }
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException(WHAT + " must be a base URL without query or fragment, but was '" + url + "'");
        }
        String text = url.toString();
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        return URI.create(text);
    }
}
