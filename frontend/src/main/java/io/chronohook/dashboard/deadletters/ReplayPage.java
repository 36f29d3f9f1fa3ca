package io.chronohook.dashboard.deadletters;

import io.chronohook.dashboard.backend.ReplayProgress;

/** A bulk replay's progress page: how many of its dead runs are back in the queue. */
public record ReplayPage(ReplayProgress progress) {

    public boolean running() {
        return "running".equals(progress.state());
    }

    /** The replayed share, 0–1 (done with nothing to replay counts as complete). */
    public double fraction() {
        if (progress.total() <= 0) {
            return running() ? 0 : 1;
        }
        return Math.min(1, (double) progress.replayed() / progress.total());
    }

    /** Back to the dead letters, filtered by the replay's job when it had one. */
    public String backHref() {
        return DeadLetterLinks.list(progress.jobId(), null);
    }
}
