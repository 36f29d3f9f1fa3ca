package io.chronohook.dashboard.page;

import io.chronohook.dashboard.backend.Me;

/**
 * What the shared layout needs around every page: the title, the active section, who is signed in (null on public
 * pages), the CSRF token forms must send, how to show times, and a flash message from the previous request.
 */
public record Chrome(String title, Nav nav, Me me, String csrf, Times times, Flash flash) {

    public boolean signedIn() {
        return me != null;
    }

    /** The operator's pages have their own header and no tenant sections. */
    public boolean operator() {
        return me != null && me.credential() != null && "operator".equals(me.credential().type());
    }

    public boolean isAdmin() {
        return me != null && me.isAdmin();
    }

    public boolean isOwner() {
        return me != null && me.isOwner();
    }

    public boolean canWrite() {
        return me != null && me.canWrite();
    }

    public boolean active(Nav section) {
        return nav == section;
    }
}
