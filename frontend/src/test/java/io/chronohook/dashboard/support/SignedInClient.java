package io.chronohook.dashboard.support;

import java.util.Map;

import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.util.HtmlUtils;

/**
 * A browser-like client of a dashboard started on {@code port}: it carries a session cookie and a CSRF cookie, and
 * sends the matching {@code _csrf} field with every form, as the dashboard's own pages do.
 */
public final class SignedInClient {

    public static final String TOKEN = "test-session-token";
    public static final String CSRF = "test-csrf-token";

    private final WebTestClient client;

    public SignedInClient(int port) {
        this.client = WebTestClient.bindToServer().baseUrl("http://localhost:" + port)
                .defaultCookie(Cookies.SESSION, TOKEN)
                .defaultCookie(Cookies.CSRF, CSRF)
                .build();
    }

    /** GETs a page and answers it unescaped, after checking its status. */
    public String page(String path, int expectedStatus) {
        String html = client.get().uri(path).exchange()
                .expectStatus().isEqualTo(expectedStatus)
                .expectBody(String.class).returnResult().getResponseBody();
        return html == null ? "" : HtmlUtils.htmlUnescape(html);
    }

    /** Posts a form (with the CSRF field) and answers the exchange for further checks. */
    public WebTestClient.ResponseSpec post(String path, Map<String, String> fields) {
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        fields.forEach(form::add);
        form.add(CsrfFilter.FIELD, CSRF);
        return client.post().uri(path).contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form)).exchange();
    }

    /** The raw client, for anything else. */
    public WebTestClient raw() {
        return client;
    }
}
