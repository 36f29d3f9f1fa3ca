package io.chronohook.access;

import io.chronohook.platform.ApiException;
import io.chronohook.platform.Validation;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code POST /api/v1/auth/token}: exchanges a member's email and password for an access token. */
@RestController
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
    public record TokenRequest(String email, String password) {
    }

    /** An access token for the dashboard and the API. */
    public record TokenResponse(String accessToken, String tokenType, long expiresIn) {
    }

    /**
     * The address's attempts are counted first, then a locked account is refused — both before any password check, so
     * guesses cost no bcrypt round once a limit is reached. A wrong password counts towards the account's lockout.
     */
    @PostMapping("/api/v1/auth/token")
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
