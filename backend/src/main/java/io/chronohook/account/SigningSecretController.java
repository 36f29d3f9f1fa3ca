package io.chronohook.account;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = ApiTags.ACCOUNT)
public class SigningSecretController {

    static final Duration DEFAULT_GRACE = Duration.ofHours(24);
    static final Duration MAX_GRACE = Duration.ofDays(7);

    private final SigningSecrets secrets;

    public SigningSecretController(SigningSecrets secrets) {
        this.secrets = secrets;
    }

    /** The current secret and, during a rotation, the previous ones that still sign until {@code expiresAt}. */
    @Schema(description = "The secrets that sign the tenant's webhook calls now: the current one and, during a "
            + "rotation's grace period, the previous ones.")
    public record SigningSecretView(
            @Schema(description = "The current secret: `whsec_` and the base64 of 32 bytes.",
                    example = "whsec_OqIOdzCuFpYU/FPkvI3La8gDwArErARH+zCQ57IVXgo=",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String secret,
            @Schema(description = "When the current secret was made.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt,
            @Schema(description = "The previous secrets still in their grace period, which sign beside the current "
                    + "one; empty outside a rotation.", requiredMode = Schema.RequiredMode.REQUIRED)
            List<PreviousSecret> previous) {
    }

    /** A rotated-out secret in its grace period. */
    @Schema(description = "A rotated-out secret in its grace period: it still signs until `expiresAt`.")
    public record PreviousSecret(
            @Schema(description = "The secret: `whsec_` and the base64 of 32 bytes.",
                    example = "whsec_yiuRldzOMyGf/OyiU9TgeNtITo1nPS6tkBdVlhR7yfY=",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String secret,
            @Schema(description = "When the secret was made.", example = "2026-02-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt,
            @Schema(description = "When it stops signing: the rotation's time plus its grace period.",
                    example = "2026-03-02T09:00:00Z", requiredMode = Schema.RequiredMode.REQUIRED)
            Instant expiresAt) {
    }

    /** How long the current secret keeps signing after the rotation (ISO-8601, default PT24H, at most P7D). */
    @Schema(description = "How to rotate the signing secret.")
    public record RotateRequest(
            @Schema(description = "How long the current secret keeps signing after the rotation: an ISO-8601 "
                    + "duration from `PT0S` (retired at once) to `P7D`; default `PT24H`.", example = "PT24H")
            String gracePeriod) {
    }

    @GetMapping("/api/v1/signing-secret")
    @Operation(operationId = "getSigningSecret", summary = "Get the signing secrets",
            description = "The secret Chronohook signs the tenant's webhook calls with (Standard Webhooks "
                    + "`webhook-signature`) and, during a rotation's grace period, the previous ones that still sign. "
                    + "Needs the `admin` scope (an owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "200", description = "The current secret and those still in their grace period.")
    public Mono<SigningSecretView> reveal(@AuthenticationPrincipal Caller caller) {
        return secrets.valid(caller.tenantId()).map(SigningSecretController::view);
    }

    @PostMapping("/api/v1/signing-secret/rotate")
    @Operation(operationId = "rotateSigningSecret", summary = "Rotate the signing secret",
            description = "Makes a new current secret. The old one keeps signing beside it for `gracePeriod` "
                    + "(default `PT24H`, at most `P7D`; `PT0S` retires it at once), so receivers can switch over; the "
                    + "body may be left out. Audited as `signing_secret.rotated`. Needs the `admin` scope (an owner's "
                    + "or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "200", description = "The secrets after the rotation: the new current one and those "
            + "still in their grace period.")
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
