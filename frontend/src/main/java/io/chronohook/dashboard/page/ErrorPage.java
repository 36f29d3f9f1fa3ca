package io.chronohook.dashboard.page;

/** What the error page says: a heading, an explanation, and where to go next. */
public record ErrorPage(int status, String heading, String message, String backHref, String backLabel) {
}
