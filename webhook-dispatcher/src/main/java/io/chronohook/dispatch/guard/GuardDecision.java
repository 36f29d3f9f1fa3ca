package io.chronohook.dispatch.guard;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/** The guard's answer about a webhook URL: allowed with the addresses it checked, or refused with a reason for humans. */
public sealed interface GuardDecision {

    /** Every address the host resolved to; all of them passed the {@link AddressPolicy}. */
    record Allowed(List<InetAddress> addresses) implements GuardDecision {
        public Allowed {
            addresses = List.copyOf(addresses);
        }
    }

    /** Refused, e.g. {@code address_not_allowed} / "resolves to 10.0.0.5, a private address (10.0.0.0/8)". */
    record Refused(RefusalCode code, String reason) implements GuardDecision {
        public Refused {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(reason, "reason");
        }
    }

    static GuardDecision allowed(List<InetAddress> addresses) {
        return new Allowed(addresses);
    }

    static GuardDecision refused(RefusalCode code, String reason) {
        return new Refused(code, reason);
    }

    /** True for {@link Allowed}. */
    default boolean isAllowed() {
        return this instanceof Allowed;
    }
}
