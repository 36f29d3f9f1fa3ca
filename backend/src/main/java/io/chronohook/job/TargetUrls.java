package io.chronohook.job;

import io.chronohook.dispatch.guard.GuardDecision;
import io.chronohook.dispatch.guard.TargetGuard;
import io.chronohook.platform.Validation;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The check of a tenant-supplied webhook URL (a job's target, a tenant's alert webhook): well formed, at most 2048
 * characters, and allowed by the SSRF guard. Resolves the host, so call it off the event loop.
 */
public final class TargetUrls {

    static final int MAX_LENGTH = 2048;

    private TargetUrls() {
    }

    /** The URL, or null when it is missing or refused (the reason recorded against {@code field}). */
    public static URI check(TargetGuard guard, String text, String field, Validation v) {
        if (text == null || text.isBlank()) {
            v.require(false, field, "is required");
            return null;
        }
        URI url;
        try {
            url = new URI(text.strip());
        } catch (URISyntaxException e) {
            v.fail(field, "is not a valid URL", "target_not_allowed");
            return null;
        }
        if (text.length() > MAX_LENGTH) {
            v.require(false, field, "must be at most " + MAX_LENGTH + " characters");
            return null;
        }
        if (guard.checkUrl(url) instanceof GuardDecision.Refused refused) {
            v.fail(field, refused.reason(), "target_not_allowed");
            return null;
        }
        return url;
    }
}
