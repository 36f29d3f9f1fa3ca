package io.chronohook.job;

import io.chronohook.dispatch.guard.GuardDecision;
import io.chronohook.dispatch.guard.TargetGuard;
import io.chronohook.platform.Validation;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * The check of a tenant-supplied webhook URL (a job's target, a tenant's alert webhook) when it is saved: well formed,
 * at most 2048 characters, and allowed by the SSRF guard's checks that need no DNS (scheme, credentials, host form and
 * name, port, literal addresses). The host is not resolved here: an endpoint whose name does not resolve yet may be
 * registered, and every attempt resolves, checks and pins the addresses it connects to.
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
        Optional<GuardDecision.Refused> refused = guard.precheck(url);
        if (refused.isPresent()) {
            v.fail(field, refused.get().reason(), "target_not_allowed");
            return null;
        }
        return url;
    }
}
