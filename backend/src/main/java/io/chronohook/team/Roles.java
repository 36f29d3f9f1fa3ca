package io.chronohook.team;

import io.chronohook.access.MemberRole;
import io.chronohook.platform.ApiException;
import java.util.Arrays;

/** Reads a role from a request body: {@code owner}, {@code admin} or {@code viewer}, anything else a 400. */
final class Roles {

    private Roles() {
    }

    static MemberRole parse(String text) {
        if (text == null || text.isBlank()) {
            throw ApiException.invalid("role", "is required");
        }
        return Arrays.stream(MemberRole.values()).filter(role -> role.wire().equals(text)).findFirst()
                .orElseThrow(() -> ApiException.invalid("role", "'" + text + "' is not a role; use owner, admin "
                        + "or viewer"));
    }
}
