package io.chronohook.team;

import io.chronohook.access.Caller;
import io.chronohook.access.Member;
import io.chronohook.access.MemberId;
import io.chronohook.access.MemberRole;
import io.chronohook.access.MemberStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import java.time.Instant;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /api/v1/members}: the tenant's members; owners and admins change roles and remove members. Method names are
 * the operation ids of the OpenAPI document, and so the clients' method names: unique, never numbered.
 */
@RestController
public class MemberController {

    private final MemberStore members;
    private final TeamService team;

    public MemberController(MemberStore members, TeamService team) {
        this.members = members;
        this.team = team;
    }

    /** A member as listed; {@code createdAt} is absent right after a role change. */
    public record MemberView(String id, String email, String role, Instant createdAt) {

        static MemberView of(Member member, Instant createdAt) {
            return new MemberView(member.id().toString(), member.email(), member.role().wire(), createdAt);
        }
    }

    /** The new role of a member. */
    public record RoleRequest(String role) {
    }

    @GetMapping("/api/v1/members")
    public Mono<Page<MemberView>> listMembers(@AuthenticationPrincipal Caller caller,
                                       @RequestParam(required = false) Integer limit,
                                       @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return members.list(caller.tenantId(), page).map(result -> new Page<>(result.items().stream()
                .map(listed -> MemberView.of(listed.member(), listed.createdAt())).toList(), result.nextCursor()));
    }

    @PatchMapping("/api/v1/members/{id}")
    public Mono<MemberView> changeMemberRole(@AuthenticationPrincipal Caller caller, @PathVariable String id,
                                       @RequestBody RoleRequest request) {
        MemberId memberId = MemberId.parse(id).orElseThrow(() -> ApiException.notFound("member " + id));
        MemberRole role = Roles.parse(request.role());
        return team.changeRole(caller, memberId, role).map(member -> MemberView.of(member, null));
    }

    @DeleteMapping("/api/v1/members/{id}")
    public Mono<ResponseEntity<Void>> removeMember(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        MemberId memberId = MemberId.parse(id).orElseThrow(() -> ApiException.notFound("member " + id));
        return team.remove(caller, memberId).thenReturn(ResponseEntity.noContent().build());
    }
}
