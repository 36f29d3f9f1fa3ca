package io.chronohook.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.Optional;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/me}: who is calling — the tenant, the credential, the member behind a token, the scopes. */
@RestController
@Tag(name = ApiTags.ACCOUNT)
public class MeController {

    private final TenantStore tenants;
    private final MemberStore members;

    public MeController(TenantStore tenants, MemberStore members) {
        this.tenants = tenants;
        this.members = members;
    }

    /** The caller; the tenant fields are absent for the operator, {@code member} for anything but a member's token. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "Who is calling: the tenant, the credential, the member behind a token, the scopes.")
    public record Me(
            @Schema(description = "The tenant the credential acts for; absent for the operator.",
                    example = "ten_3f2c9a1b7d4e4f60a8b5c2d1e0f9a7b6")
            String tenantId,
            @Schema(description = "The tenant's name; absent for the operator.", example = "Acme Billing")
            String tenantName,
            @Schema(description = "The code of the tenant's plan (`free`, `pro`, `business`, or one the operator "
                    + "made); absent for the operator.", example = "pro")
            String plan,
            @Schema(description = "The credential of the request.", requiredMode = Schema.RequiredMode.REQUIRED)
            Credential credential,
            @Schema(description = "The member an access token was issued to, with the role it has now; absent for "
                    + "an API key, the operator and a token of an external issuer.")
            MemberView member,
            @Schema(description = "What the credential may do now, sorted; empty for the operator.",
                    example = "[\"admin\", \"jobs:read\", \"jobs:write\"]", requiredMode = Schema.RequiredMode.REQUIRED)
            @ArraySchema(schema = @Schema(allowableValues = {"admin", "jobs:read", "jobs:write"}))
            List<String> scopes) {
    }

    /** The credential of the request: {@code member}, {@code api_key} or {@code operator}, and its id. */
    @Schema(description = "The credential of a request: its kind and its id.")
    public record Credential(
            @Schema(description = "The kind of credential: a member's access token, an API key, or the operator's "
                    + "token.", example = "member", allowableValues = {"member", "api_key", "operator"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String type,
            @Schema(description = "The credential's id: the member's (`mem_…`) for an access token, the key's "
                    + "(`key_…`) for an API key, `operator` for the operator; a token of an external issuer gives "
                    + "its subject.", example = "mem_0195a7c43b2e7f109c4d2e8b5a1f6c3d",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String id) {
    }

    /** The member a token was issued to, with the role it has now. */
    @Schema(name = "MeMember", description = "The member an access token was issued to, with the role it has now.")
    public record MemberView(
            @Schema(description = "The member's id.", example = "mem_0195a7c43b2e7f109c4d2e8b5a1f6c3d",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The member's email.", example = "ada@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The member's role now; it decides the scopes.", example = "owner",
                    allowableValues = {"owner", "admin", "viewer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String role) {
    }

    @GetMapping("/api/v1/me")
    @Operation(operationId = "getMe", summary = "Get the caller",
            description = "Who is calling: the tenant, the credential (a member's access token, an API key or the "
                    + "operator's token), for a member's token the member with its current role, and the scopes. Any "
                    + "credential may call it. The operator gets only `credential` (`operator`) and empty `scopes`.")
    @ApiResponse(responseCode = "200", description = "The caller.")
    public Mono<Me> me(@AuthenticationPrincipal Caller caller) {
        Credential credential = new Credential(caller.kind().wire(), caller.id());
        List<String> scopes = caller.scopes().stream().map(Scope::wire).sorted().toList();
        if (caller.tenantId() == null) {
            return Mono.just(new Me(null, null, null, credential, null, scopes));
        }
        Mono<MemberView> member = caller.kind() != Caller.Kind.MEMBER ? Mono.empty()
                : Mono.justOrEmpty(MemberId.parse(caller.id()))
                        .flatMap(id -> members.find(caller.tenantId(), id))
                        .map(found -> new MemberView(found.id().toString(), found.email(), found.role().wire()));
        return tenants.find(caller.tenantId())
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("tenant " + caller.tenantId())))
                .zipWith(member.map(Optional::of).defaultIfEmpty(Optional.empty()),
                        (tenant, found) -> new Me(tenant.id().toString(), tenant.name(), tenant.planCode(), credential,
                                found.orElse(null), scopes));
    }
}
