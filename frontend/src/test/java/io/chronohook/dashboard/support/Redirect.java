package io.chronohook.dashboard.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.chronohook.dashboard.session.Cookies;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Where a form post redirected to and the flash message it left for the next page ({@code KIND:message}). */
public record Redirect(String location, String flash, String flashCookie) {

    /** Reads the redirect of a form post, failing unless it is one. */
    public static Redirect of(WebTestClient.ResponseSpec response) {
        HttpHeaders headers = response.expectStatus().is3xxRedirection().returnResult(Void.class).getResponseHeaders();
        List<String> cookies = headers.getOrEmpty(HttpHeaders.SET_COOKIE);
        String raw = cookies.stream().filter(cookie -> cookie.startsWith(Cookies.FLASH + "="))
                .reduce((first, last) -> last)
                .map(cookie -> cookie.substring(Cookies.FLASH.length() + 1, cookie.indexOf(';')))
                .orElse(null);
        String location = headers.getFirst(HttpHeaders.LOCATION);
        assertThat(location).as("redirect location").isNotNull();
        return new Redirect(location, raw == null ? null : URLDecoder.decode(raw, StandardCharsets.UTF_8), raw);
    }
}
