package io.chronohook.account;

import io.chronohook.access.ClientAddress;
import io.chronohook.access.SignInLimits;
import io.chronohook.platform.Validation;
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
        String checkedEmail = MemberFields.email(validation, request.email());
        String password = request.password();
        MemberFields.password(validation, password);
        validation.check();
        String address = clients.of(http);
        return limits.signUp(address).then(Mono.defer(() -> signups.signUp(tenantName, checkedEmail, password)))
                .map(done -> ResponseEntity.status(HttpStatus.CREATED).body(new SignupResponse(
                        done.tenantId().toString(), done.memberId().toString(), done.apiKey(), done.signingSecret())));
    }
}
