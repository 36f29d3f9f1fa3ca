package io.chronohook.account;

import io.chronohook.access.ClientAddress;
import io.chronohook.access.SignInLimits;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code POST /api/v1/signup}: public self-service sign-up. */
@RestController
@Tag(name = ApiTags.ACCOUNT)
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
    @Schema(description = "The sign-up form: the new tenant's name and its owner's email and password.")
    public record SignupRequest(
            @Schema(description = "The tenant's name, 1–100 characters (trimmed).", example = "Acme Billing",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String tenantName,
            @Schema(description = "The owner's email, to sign in with: at most 254 characters, kept in lower case. "
                    + "An email belongs to one member of one tenant.", example = "ada@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The owner's password: at least 10 characters and at most 72 bytes in UTF-8.",
                    example = "correct horse battery staple", requiredMode = Schema.RequiredMode.REQUIRED)
            String password) {
    }

    /** Shown once: the first API key and the signing secret are not retrievable in this form again. */
    @Schema(description = "What sign-up made: the tenant, its owner, its first API key (shown only here) and its "
            + "signing secret.")
    public record SignupResponse(
            @Schema(description = "The new tenant's id.", example = "ten_3f2c9a1b7d4e4f60a8b5c2d1e0f9a7b6",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String tenantId,
            @Schema(description = "The owner's member id.", example = "mem_0195a7c43b2e7f109c4d2e8b5a1f6c3d",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String memberId,
            @Schema(description = "The first API key, named `default`, with every scope (`jobs:read`, `jobs:write`, "
                    + "`admin`): `chk_` and 43 base64url characters. Shown only here; only its hash is kept.",
                    example = "chk_1NS2FK5GUKITTNW4X5mmOZqEYaxisKnWLXr9QP7DGDw",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String apiKey,
            @Schema(description = "The secret that signs the tenant's webhook calls (Standard Webhooks): `whsec_` and "
                    + "the base64 of 32 bytes. `GET /api/v1/signing-secret` shows it again.",
                    example = "whsec_yiuRldzOMyGf/OyiU9TgeNtITo1nPS6tkBdVlhR7yfY=",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String signingSecret) {
    }

    @PostMapping("/api/v1/signup")
    @Operation(operationId = "signUp", summary = "Sign up",
            description = "Creates a tenant on the installation's default plan, its owner (who signs in with the email "
                    + "and password given), its webhook signing secret and a first API key with every scope. The API "
                    + "key is shown only in this answer. Public; at most 10 sign-ups an hour from one client address "
                    + "by default. Audited as `tenant.created`.")
    @ApiResponse(responseCode = "201", description = "The tenant, created, with its owner, first API key and signing "
            + "secret.")
    @ApiResponse(responseCode = "409", description = "`email_taken`: an account with this email already exists; sign "
            + "in instead.")
    @ApiResponse(responseCode = "429", description = "`too_many_attempts`: too many sign-ups from this client address; "
            + "`Retry-After` says when to try again.")
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
