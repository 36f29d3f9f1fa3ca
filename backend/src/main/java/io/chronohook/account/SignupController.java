package io.chronohook.account;

import io.chronohook.access.ClientAddress;
import io.chronohook.access.PasswordHasher;
import io.chronohook.access.SignInLimits;
import io.chronohook.platform.Validation;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code POST /api/v1/signup}: public self-service sign-up. */
@RestController
public class SignupController {

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    static final int MIN_PASSWORD_LENGTH = 10;

    private final SignupService signups;
    private final SignInLimits limits;
    private final ClientAddress clients;

    public SignupController(SignupService signups, SignInLimits limits, ClientAddress clients) {
        this.signups = signups;
        this.limits = limits;
        this.clients = clients;
    }

    /** The sign-up form. */
    public record SignupRequest(String tenantName, String email, String password) {
    }

    /** Shown once: the first API key and the signing secret are not retrievable in this form again. */
    public record SignupResponse(String tenantId, String memberId, String apiKey, String signingSecret) {
    }

    @PostMapping("/api/v1/signup")
    public Mono<ResponseEntity<SignupResponse>> signUp(@RequestBody SignupRequest request, ServerHttpRequest http) {
        Validation validation = new Validation();
        String tenantName = validation.text(request.tenantName(), "tenantName", 1, 100);
        String email = validation.text(request.email(), "email", 3, 254);
        if (email != null) {
            email = email.toLowerCase(Locale.ROOT);
            validation.require(EMAIL.matcher(email).matches(), "email", "is not an email address");
        }
        String password = request.password();
        if (password == null || password.isEmpty()) {
            validation.require(false, "password", "is required");
        } else {
            validation.require(password.length() >= MIN_PASSWORD_LENGTH, "password",
                    "must be at least " + MIN_PASSWORD_LENGTH + " characters long");
            validation.require(PasswordHasher.fits(password), "password",
                    "must be at most " + PasswordHasher.MAX_BYTES + " bytes long");
        }
        validation.check();
        String address = clients.of(http);
        String checkedEmail = email;
        return limits.signUp(address).then(Mono.defer(() -> signups.signUp(tenantName, checkedEmail, password)))
                .map(done -> ResponseEntity.status(HttpStatus.CREATED).body(new SignupResponse(
                        done.tenantId().toString(), done.memberId().toString(), done.apiKey(), done.signingSecret())));
    }
}
