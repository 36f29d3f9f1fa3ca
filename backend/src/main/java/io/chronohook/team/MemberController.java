package io.chronohook.team;

import io.chronohook.access.Caller;
import io.chronohook.access.Member;
import io.chronohook.access.MemberId;
import io.chronohook.access.MemberRole;
import io.chronohook.access.MemberStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = ApiTags.MEMBERS)
public class MemberController {

    private final MemberStore members;
    private final TeamService team;

    public MemberController(MemberStore members, TeamService team) {
        this.members = members;
        this.team = team;
    }

    /** A member: as listed, and as a role change answers. */
    @Schema(description = "A member of the tenant.")
    public record MemberView(
            @Schema(description = "The member's id.", example = "mem_0195a7c43b2e7f109c4d2e8b5a1f6c3d",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The member's email, which it signs in with.", example = "ada@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The member's role: `owner` and `admin` get every scope (only an owner manages "
                    + "owners), `viewer` only `jobs:read`.", example = "admin",
                    allowableValues = {"owner", "admin", "viewer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String role,
            @Schema(description = "When the member joined.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt) {

        static MemberView of(Member member, Instant createdAt) {
            return new MemberView(member.id().toString(), member.email(), member.role().wire(), createdAt);
        }
    }

    /** The new role of a member. */
    @Schema(description = "The new role of a member.")
    public record RoleRequest(
            @Schema(description = "The role: `owner`, `admin` or `viewer`.", example = "viewer",
                    allowableValues = {"owner", "admin", "viewer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String role) {
    }

    @GetMapping("/api/v1/members")
    @Operation(operationId = "listMembers", summary = "List members",
            description = "The tenant's members with their roles, newest first, in pages: pass the answer's "
                    + "`nextCursor` as `cursor` for the next page (null on the last one); `limit` is 1–200, default "
                    + "50. Every member may read the team: needs `jobs:read` or `admin`.")
    @ApiResponse(responseCode = "200", description = "A page of the tenant's members, newest first.")
    public Mono<Page<MemberView>> listMembers(@AuthenticationPrincipal Caller caller,
                                       @Parameter(description = "How many members a page holds: 1–200; default 50.",
                                               example = "50")
                                       @RequestParam(required = false) Integer limit,
                                       @Parameter(description = "The `nextCursor` of the previous page; left out "
                                               + "for the first page.",
                                               example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
                                       @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return members.list(caller.tenantId(), page).map(result -> new Page<>(result.items().stream()
                .map(listed -> MemberView.of(listed.member(), listed.createdAt())).toList(), result.nextCursor()));
    }

    @PatchMapping("/api/v1/members/{id}")
    @Operation(operationId = "changeMemberRole", summary = "Change a member's role",
            description = "Sets the member's role; it counts from the member's next request. Needs the `admin` scope "
                    + "(an owner's or admin's token, or an API key with `admin`); promoting to or demoting from "
                    + "`owner` needs an owner's token, and the tenant's last owner cannot be demoted. Audited as "
                    + "`member.role_changed`; giving the role the member has changes nothing.")
    @ApiResponse(responseCode = "200", description = "The member with its new role.")
    @ApiResponse(responseCode = "403", description = "The credential lacks the `admin` scope (`forbidden`), or "
            + "`owner_required`: only an owner may promote to or demote from `owner`.")
    @ApiResponse(responseCode = "409", description = "`last_owner`: the member is the tenant's last owner; make "
            + "another member an owner first. `member_changed`: the member was changed or removed meanwhile.")
    public Mono<MemberView> changeMemberRole(@AuthenticationPrincipal Caller caller,
                                       @Parameter(description = "The member's id (`mem_…`).",
                                               example = "mem_0195a7d81c6f7a02b3e45f9c8d7a6b21")
                                       @PathVariable String id,
                                       @RequestBody RoleRequest request) {
        MemberId memberId = MemberId.parse(id).orElseThrow(() -> ApiException.notFound("member " + id));
        MemberRole role = Roles.parse(request.role());
        return team.changeRole(caller, memberId, role)
                .map(changed -> MemberView.of(changed.member(), changed.createdAt()));
    }

    @DeleteMapping("/api/v1/members/{id}")
    @Operation(operationId = "removeMember", summary = "Remove a member",
            description = "Deletes the member: its access tokens (and dashboard session) are refused from the next "
                    + "request on. Needs the `admin` scope (an owner's or admin's token, or an API key with `admin`); "
                    + "removing an owner needs an owner's token, and the tenant's last owner cannot be removed. "
                    + "Audited as `member.removed`.")
    @ApiResponse(responseCode = "204", description = "The member is removed.")
    @ApiResponse(responseCode = "403", description = "The credential lacks the `admin` scope (`forbidden`), or "
            + "`owner_required`: only an owner may remove an owner.")
    @ApiResponse(responseCode = "409", description = "`last_owner`: the member is the tenant's last owner. "
            + "`member_changed`: the member was changed or removed meanwhile.")
    public Mono<ResponseEntity<Void>> removeMember(@AuthenticationPrincipal Caller caller,
                                                   @Parameter(description = "The member's id (`mem_…`).",
                                                           example = "mem_0195a7d81c6f7a02b3e45f9c8d7a6b21")
                                                   @PathVariable String id) {
        MemberId memberId = MemberId.parse(id).orElseThrow(() -> ApiException.notFound("member " + id));
        return team.remove(caller, memberId).thenReturn(ResponseEntity.noContent().build());
    }
}
