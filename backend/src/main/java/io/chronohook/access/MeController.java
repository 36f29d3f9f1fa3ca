package io.chronohook.access;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.platform.ApiException;
import java.util.List;
import java.util.Optional;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/me}: who is calling — the tenant, the credential, the member behind a token, the scopes. */
@RestController
public class MeController {

    private final TenantStore tenants;
    private final MemberStore members;

    public MeController(TenantStore tenants, MemberStore members) {
        this.tenants = tenants;
        this.members = members;
    }

    /** The caller; the tenant fields are absent for the operator, {@code member} for anything but a member's token. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Me(String tenantId, String tenantName, String plan, Credential credential, MemberView member,
                     List<String> scopes) {
    }

    /** The credential of the request: {@code member}, {@code api_key} or {@code operator}, and its id. */
    public record Credential(String type, String id) {
    }

    /** The member a token was issued to, with the role it has now. */
    public record MemberView(String id, String email, String role) {
    }

    @GetMapping("/api/v1/me")
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
