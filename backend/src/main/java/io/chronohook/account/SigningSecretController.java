package io.chronohook.account;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.platform.ApiException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /api/v1/signing-secret}: reveal the secrets that sign callbacks, and rotate them. */
@RestController
public class SigningSecretController {

    static final Duration DEFAULT_GRACE = Duration.ofHours(24);
    static final Duration MAX_GRACE = Duration.ofDays(7);

    private final SigningSecrets secrets;

    public SigningSecretController(SigningSecrets secrets) {
        this.secrets = secrets;
    }

    /** The current secret and, during a rotation, the previous ones that still sign until {@code expiresAt}. */
    public record SigningSecretView(String secret, Instant createdAt, List<PreviousSecret> previous) {
    }

    /** A rotated-out secret in its grace period. */
    public record PreviousSecret(String secret, Instant createdAt, Instant expiresAt) {
    }

    /** How long the current secret keeps signing after the rotation (ISO-8601, default PT24H, at most P7D). */
    public record RotateRequest(String gracePeriod) {
    }

    @GetMapping("/api/v1/signing-secret")
    public Mono<SigningSecretView> reveal(@AuthenticationPrincipal Caller caller) {
        return secrets.valid(caller.tenantId()).map(SigningSecretController::view);
    }

    @PostMapping("/api/v1/signing-secret/rotate")
    public Mono<SigningSecretView> rotate(@AuthenticationPrincipal Caller caller,
                                          @RequestBody(required = false) RotateRequest request) {
        Duration grace = gracePeriod(request == null ? null : request.gracePeriod());
        return secrets.rotate(caller.tenantId(), AuditEntry.Actor.of(caller), grace)
                .map(SigningSecretController::view);
    }

    private static Duration gracePeriod(String text) {
        if (text == null) {
            return DEFAULT_GRACE;
        }
        Duration grace;
        try {
            grace = Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw ApiException.invalid("gracePeriod", "must be an ISO-8601 duration such as PT24H");
        }
        if (grace.isNegative() || grace.compareTo(MAX_GRACE) > 0) {
            throw ApiException.invalid("gracePeriod", "must be between PT0S and P7D");
        }
        return grace;
    }

    private static SigningSecretView view(List<SigningSecrets.Revealed> valid) {
        SigningSecrets.Revealed current = valid.getFirst();
        List<PreviousSecret> previous = valid.stream().skip(1)
                .map(old -> new PreviousSecret(old.secret().encoded(), old.createdAt(), old.expiresAt()))
                .toList();
        return new SigningSecretView(current.secret().encoded(), current.createdAt(), previous);
    }
}
