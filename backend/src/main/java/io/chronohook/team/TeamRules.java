package io.chronohook.team;

import io.chronohook.access.Caller;
import io.chronohook.access.MemberRole;
import io.chronohook.platform.ApiException;
import org.springframework.http.HttpStatus;

/**
 * The rules the routes cannot express: only an owner touches an owner (invites, promotes, demotes or removes one),
 * and a tenant always keeps at least one owner. Viewers never get here: the security chain refuses them first.
 */
final class TeamRules {

    private TeamRules() {
    }

    /** Refuses a change from role {@code current} (null: a new invitation) to {@code wanted} (null: removal). */
    static void mayChange(Caller caller, MemberRole current, MemberRole wanted) {
        boolean touchesOwner = current == MemberRole.OWNER || wanted == MemberRole.OWNER;
        if (touchesOwner && !caller.isOwner()) {
            throw new ApiException(HttpStatus.FORBIDDEN, "owner_required",
                    "only an owner may invite, promote, demote or remove an owner");
        }
    }

    /** Refuses to demote or remove the tenant's last owner; {@code owners} counts them, locked. */
    static void keepsAnOwner(MemberRole current, MemberRole wanted, long owners) {
        if (current == MemberRole.OWNER && wanted != MemberRole.OWNER && owners <= 1) {
            throw new ApiException(HttpStatus.CONFLICT, "last_owner",
                    "this is the tenant's last owner: make another member an owner first");
        }
    }
}
