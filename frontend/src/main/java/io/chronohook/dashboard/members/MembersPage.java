package io.chronohook.dashboard.members;

import java.util.List;

import io.chronohook.dashboard.backend.Invitation;
import io.chronohook.dashboard.backend.Me;
import io.chronohook.dashboard.backend.TeamMember;

/**
 * The members page: one page of members, the open invitations, the invitation just made (with its link when the
 * installation sends no mail; else null) and the invite form. What controls show depends on the viewer's role.
 */
public record MembersPage(List<TeamMember> members, String nextHref, boolean firstPage, List<Invitation> invitations,
                          Invitation created, InviteForm form) {

    /** The roles a member may hold, in the order the forms list them. */
    public static final List<String> ROLES = List.of("viewer", "admin", "owner");

    public MembersPage {
        members = List.copyOf(members);
        invitations = List.copyOf(invitations);
    }

    /** The roles {@code me} may give: an owner any, an admin all but owner. */
    public static List<String> grantable(Me me) {
        return me.isOwner() ? ROLES : ROLES.stream().filter(role -> !"owner".equals(role)).toList();
    }

    /** Whether {@code me} may change or remove {@code member}: admins manage everyone but owners. */
    public static boolean manages(Me me, TeamMember member) {
        return me.isAdmin() && (me.isOwner() || !member.isOwner());
    }

    /** The tenant's only owner can be neither demoted nor removed: no controls are offered for them. */
    public boolean lastOwner(TeamMember member) {
        return member.isOwner() && firstPage && nextHref == null
                && members.stream().filter(TeamMember::isOwner).count() == 1;
    }

    public static boolean isMe(Me me, TeamMember member) {
        return me.member() != null && member.id().equals(me.member().id());
    }
}
