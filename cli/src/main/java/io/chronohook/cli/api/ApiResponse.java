package io.chronohook.cli.api;

import java.net.http.HttpHeaders;

/** An answer of the API: its status, headers and body as received (the text {@code --json} prints). */
public record ApiResponse(int status, HttpHeaders headers, String body) {

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    public boolean hasBody() {
        return body != null && !body.isBlank();
    }
}
