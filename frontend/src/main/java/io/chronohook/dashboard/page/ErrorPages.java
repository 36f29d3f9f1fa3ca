package io.chronohook.dashboard.page;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.BackendUnavailable;
import io.chronohook.dashboard.backend.NotSignedIn;
import io.chronohook.dashboard.session.Cookies;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;

/**
 * Turns what the backend refused into pages: no session → the sign-in page (coming back here afterwards); 404 — also
 * for another tenant's ids, and for an address the dashboard rejects itself ({@link NotFound}) — a plain "not found";
 * 403 a "not allowed"; the backend down a "try again".
 */
@ControllerAdvice
public class ErrorPages {

    private static final ErrorPage NOT_FOUND = new ErrorPage(404, "Not found",
            "There is nothing here — the link may be wrong, or what it pointed to was deleted.", "/jobs",
            "Back to jobs");

    private final Pages pages;
    private final Cookies cookies;

    public ErrorPages(Pages pages, Cookies cookies) {
        this.pages = pages;
        this.cookies = cookies;
    }

    @ExceptionHandler(NotSignedIn.class)
    public Rendering signIn(ServerWebExchange exchange) {
        cookies.clear(exchange, Cookies.SESSION);
        String path = exchange.getRequest().getURI().getRawPath();
        String query = exchange.getRequest().getURI().getRawQuery();
        boolean comeBack = HttpMethod.GET.equals(exchange.getRequest().getMethod()) && !"/".equals(path);
        String next = path + (query == null ? "" : "?" + query);
        return Rendering.redirectTo(comeBack ? "/login?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8)
                : "/login").build();
    }

    @ExceptionHandler(BackendProblem.class)
    public Rendering refused(BackendProblem problem, ServerWebExchange exchange) {
        ErrorPage page = switch (problem.status()) {
            case 404 -> NOT_FOUND;
            case 403 -> new ErrorPage(403, "Not allowed",
                    "Your role does not allow this. Ask an owner or admin of your account.", "/jobs", "Back to jobs");
            case 429 -> new ErrorPage(429, "Slow down",
                    "Too many requests in a short time. Wait a moment and try again.", "/jobs", "Back to jobs");
            default -> new ErrorPage(problem.status(), "Request refused", problem.detail(), "/jobs", "Back to jobs");
        };
        return pages.renderPublic(exchange, "error", page.heading() + " · Chronohook", page,
                HttpStatus.valueOf(problem.status() >= 400 && problem.status() < 600 ? problem.status() : 502));
    }

    /** An address the dashboard itself can tell names nothing: the same page as an id the backend does not know. */
    @ExceptionHandler(NotFound.class)
    public Rendering notFound(ServerWebExchange exchange) {
        return pages.renderPublic(exchange, "error", NOT_FOUND.heading() + " · Chronohook", NOT_FOUND,
                HttpStatus.NOT_FOUND);
    }

    @ExceptionHandler(BackendUnavailable.class)
    public Rendering unavailable(BackendUnavailable error, ServerWebExchange exchange) {
        ErrorPage page = new ErrorPage(503, "The API is not answering",
                "The Chronohook API could not be reached (" + error.getMessage() + "). Your schedules keep running; "
                        + "try again in a moment.", exchange.getRequest().getURI().getRawPath(), "Try again");
        return pages.renderPublic(exchange, "error", "Unavailable · Chronohook", page, HttpStatus.SERVICE_UNAVAILABLE);
    }
}
