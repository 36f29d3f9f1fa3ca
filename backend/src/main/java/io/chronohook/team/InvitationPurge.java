package io.chronohook.team;

import java.time.Clock;
import java.time.Instant;
import reactor.core.publisher.Mono;

/**
 * Forgets invitations {@code chronohook.teams.invitation-retention} after they expire, whether they were accepted,
 * revoked or never used: until then an unused one is listed as expired, and the member an accepted one made is a
 * member row of its own (and the audit log keeps who invited whom).
 */
public class InvitationPurge {

    static final int BATCH = 1000;

    private final InvitationStore invitations;
    private final TeamProperties properties;
    private final Clock clock;

    public InvitationPurge(InvitationStore invitations, TeamProperties properties, Clock clock) {
        this.invitations = invitations;
        this.properties = properties;
        this.clock = clock;
    }

    /** Deletes every invitation past its retention, a batch at a time; returns how many. */
    public Mono<Long> runOnce() {
        return Mono.defer(() -> batches(clock.instant().minus(properties.invitationRetention()), 0));
    }

    private Mono<Long> batches(Instant before, long sofar) {
        return invitations.purge(before, BATCH).flatMap(deleted -> deleted < BATCH ? Mono.just(sofar + deleted)
                : batches(before, sofar + deleted));
    }
}
