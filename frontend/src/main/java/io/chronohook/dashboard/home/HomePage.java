package io.chronohook.dashboard.home;

import java.net.URI;

import io.chronohook.dashboard.backend.BackendStatus;

/** What the home page shows: the backend URL, whether its API answers, and the sign-up command for it. */
public record HomePage(String backendUrl, BackendStatus backend, String signupCommand) {

    /** The page for a backend at {@code backendUrl} (no trailing slash) in the given state. */
    public static HomePage of(URI backendUrl, BackendStatus backend) {
        String url = backendUrl.toString();
        String signup = "curl -s -X POST " + url + "/api/v1/signup"
                + " -H 'content-type: application/json'"
                + " -d '{\"tenantName\":\"Acme\",\"email\":\"you@example.com\",\"password\":\"a long passphrase\"}'";
        return new HomePage(url, backend, signup);
    }
}
