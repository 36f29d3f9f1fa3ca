package io.chronohook.cli.config;

/** What {@code chk login} keeps: the API's URL and the key checked against it. */
public record StoredLogin(String url, String apiKey) {
}
