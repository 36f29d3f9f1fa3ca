package io.chronohook.access;

import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code POST /api/v1/auth/token}: exchanges a member's email and password for an access token. */
@RestController
@Tag(name = ApiTags.ACCOUNT)
public class AuthTokenController {

    private final MemberStore members;
    private final PasswordHasher passwords;
    private final TokenIssuer issuer;
    private final SignInLimits limits;
    private final ClientAddress clients;

    public AuthTokenController(MemberStore members, PasswordHasher passwords, TokenIssuer issuer, SignInLimits limits,
                               ClientAddress clients) {
        this.members = members;
        this.passwords = passwords;
        this.issuer = issuer;
        this.limits = limits;
        this.clients = clients;
    }

    /** The sign-in form. */
    @Schema(description = "The sign-in form: a member's email and password.")
    public record TokenRequest(
            @Schema(description = "The member's email (compared in lower case).", example = "ada@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The member's password.", example = "correct horse battery staple",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String password) {
    }

    /** An access token for the dashboard and the API. */
    @Schema(description = "A member's access token, for the API (and the dashboard).")
    public record TokenResponse(
            @Schema(description = "The access token (a JWT), to send as `Authorization: Bearer …`; what it may do "
                    + "follows the member's role as it is at each request.",
                    example = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9"
                            + ".eyJzdWIiOiJtZW1fMDE5NWE3YzQzYjJlN2YxMDljNGQyZThiNWExZjZjM2QiLCJleHAiOjE3NzIzNTkyMDB9"
                            + ".Qm9vdHN0cmFwcGVkLXNpZ25hdHVyZS1leGFtcGxl",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String accessToken,
            @Schema(description = "How to send the token: always `Bearer`.", example = "Bearer",
                    allowableValues = {"Bearer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String tokenType,
            @Schema(description = "Seconds until the token expires (`chronohook.auth.jwt.ttl`, one hour by default); "
                    + "then sign in again.", example = "3600", requiredMode = Schema.RequiredMode.REQUIRED)
            long expiresIn) {
    }

    /**
     * The address's attempts are counted first, then a locked account is refused — both before any password check, so
     * guesses cost no bcrypt round once a limit is reached. A wrong password counts towards the account's lockout.
     */
    @PostMapping("/api/v1/auth/token")
    @Operation(operationId = "createAccessToken", summary = "Sign in for an access token",
            description = "Exchanges a member's email and password for an access token; its scopes follow the "
                    + "member's role at each request (`owner` and `admin` all three, `viewer` `jobs:read`), and it is "
                    + "refused once the member is removed. Public. Limited per client address (20 attempts a minute "
                    + "by default) and per account (after 5 wrong passwords in a row the account is locked for 30 s, "
                    + "doubling with each further failure up to 15 minutes); over a limit no password is checked.")
    @ApiResponse(responseCode = "200", description = "The access token and how long it is valid.")
    @ApiResponse(responseCode = "401", description = "`invalid_credentials`: the email or password is wrong (an "
            + "unknown email answers the same).")
    @ApiResponse(responseCode = "429", description = "`too_many_attempts`: too many sign-ins from this address, or "
            + "the account is locked after wrong passwords; `Retry-After` says when to try again.")
    public Mono<TokenResponse> token(@RequestBody TokenRequest request, ServerHttpRequest http) {
        Validation validation = new Validation();
        validation.require(request.email() != null && !request.email().isBlank(), "email", "is required");
        validation.require(request.password() != null && !request.password().isEmpty(), "password", "is required");
        validation.check();
        String email = request.email().strip().toLowerCase(Locale.ROOT);
        return limits.signInAttempt(clients.of(http))
                .then(limits.unlocked(email))
                .then(members.findByEmail(email))
                .map(member -> new Candidate(member, member.passwordHash()))
                .defaultIfEmpty(new Candidate(null, null))
                .flatMap(candidate -> passwords.matches(request.password(), candidate.hash())
                        .filter(Boolean::booleanValue)
                        .map(ok -> candidate.member()))
                .flatMap(member -> limits.succeeded(email).thenReturn(member))
                .switchIfEmpty(Mono.defer(() -> limits.failed(email).then(Mono.error(new ApiException(
                        HttpStatus.UNAUTHORIZED, "invalid_credentials", "the email or password is wrong")))))
                .map(member -> {
                    TokenIssuer.IssuedToken token = issuer.issue(member);
                    return new TokenResponse(token.accessToken(), "Bearer", token.expiresIn());
                });
    }

    private record Candidate(Member member, String hash) {
    }
}
