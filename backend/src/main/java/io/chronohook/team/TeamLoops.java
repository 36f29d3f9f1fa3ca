package io.chronohook.team;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import io.chronohook.platform.WorkerLoopSet;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Component;

/** The hourly purge of invitations past their retention, on worker instances. */
@Component
public class TeamLoops extends WorkerLoopSet {

    private static final Duration PURGE_EVERY = Duration.ofHours(1);

    private final InvitationPurge purge;

    public TeamLoops(PipelineProperties pipeline, InvitationStore invitations, TeamProperties properties, Clock clock) {
        super(pipeline.worker());
        this.purge = new InvitationPurge(invitations, properties, clock);
    }

    @Override
    protected List<Loop> startLoops() {
        return List.of(Loop.every("invitation purge", purge::runOnce, PURGE_EVERY));
    }
}
