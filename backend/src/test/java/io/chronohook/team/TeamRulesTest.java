package io.chronohook.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.access.Caller;
import io.chronohook.access.MemberRole;
import io.chronohook.access.Scope;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.ApiException;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Who may touch an owner, and when a change would leave a tenant without one: every combination. */
class TeamRulesTest {

    private static final TenantId TENANT = TenantId.random();

    private static Caller member(MemberRole role) {
        return new Caller(TENANT, Caller.Kind.MEMBER, "mem_x", role.scopes(), role);
    }

    @ParameterizedTest(name = "{0} changing {1} to {2}: {3}")
    @CsvSource(nullValues = "none", value = {
            // caller, current role (none: an invitation), wanted role (none: removal), allowed
            "OWNER, none,   OWNER,  true",
            "OWNER, OWNER,  ADMIN,  true",
            "OWNER, OWNER,  none,   true",
            "OWNER, VIEWER, OWNER,  true",
            "ADMIN, none,   ADMIN,  true",
            "ADMIN, none,   VIEWER, true",
            "ADMIN, VIEWER, ADMIN,  true",
            "ADMIN, ADMIN,  none,   true",
            "ADMIN, none,   OWNER,  false",
            "ADMIN, VIEWER, OWNER,  false",
            "ADMIN, OWNER,  VIEWER, false",
            "ADMIN, OWNER,  none,   false",
    })
    void onlyAnOwnerTouchesAnOwner(MemberRole caller, MemberRole current, MemberRole wanted, boolean allowed) {
        if (allowed) {
            assertThatCode(() -> TeamRules.mayChange(member(caller), current, wanted)).doesNotThrowAnyException();
        } else {
            assertThatThrownBy(() -> TeamRules.mayChange(member(caller), current, wanted))
                    .isInstanceOfSatisfying(ApiException.class, refused -> assertThat(refused.code()).isEqualTo("owner_required"));
        }
    }

    @Test
    void anApiKeyIsNeverAnOwnerWhateverItsScopes() {
        Caller key = new Caller(TENANT, Caller.Kind.API_KEY, "key_x", EnumSet.allOf(Scope.class));

        assertThatThrownBy(() -> TeamRules.mayChange(key, null, MemberRole.OWNER)).isInstanceOf(ApiException.class);
        assertThatCode(() -> TeamRules.mayChange(key, MemberRole.VIEWER, MemberRole.ADMIN))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0} to {1} with {2} owners: {3}")
    @CsvSource(nullValues = "none", value = {
            "OWNER,  ADMIN,  1, false",
            "OWNER,  none,   1, false",
            "OWNER,  VIEWER, 2, true",
            "OWNER,  none,   2, true",
            "OWNER,  OWNER,  1, true",
            "ADMIN,  none,   1, true",
            "VIEWER, ADMIN,  1, true",
    })
    void theLastOwnerStays(MemberRole current, MemberRole wanted, long owners, boolean allowed) {
        if (allowed) {
            assertThatCode(() -> TeamRules.keepsAnOwner(current, wanted, owners)).doesNotThrowAnyException();
        } else {
            assertThatThrownBy(() -> TeamRules.keepsAnOwner(current, wanted, owners))
                    .isInstanceOfSatisfying(ApiException.class, refused -> assertThat(refused.code()).isEqualTo("last_owner"));
        }
    }
}
