package io.chronohook.schedule;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;

/**
 * A run claimed for delivery under a lease, with what its attempt needs from the job (payload still sealed). A run of
 * a long-running job ({@code longRunning} set) carries the run token of this attempt once issued, and the checkpoint
 * its last attempt reported. {@code flowKey}: the job's flow key (null without one), whose limits the request is held to.
 * {@code lastOccurrence}: the job had no occurrence after this run when it was claimed (a one-shot job, or the last
 * of a schedule), so that the run ending may complete it. {@code dueAt}: when the attempt is due (null: at once); a
 * run released ahead of its time by the gate's lead is claimed early and sent then.
 */
public record ClaimedRun(RunId id, TenantId tenantId, JobId jobId, Instant scheduledFor, int attempt,
                         int attemptBase, Instant releasedAt, URI url, String method, String contentType, String keyId,
                         byte[] headersSealed, byte[] bodySealed, Duration timeout, boolean atMostOnce,
                         int maxAttempts, Duration initialDelay, Duration maxDelay, Duration maxRetryWindow,
                         int payloadVersion, LongRunning longRunning, String checkpoint, String runToken,
                         String flowKey, boolean lastOccurrence, Instant dueAt) {

    /** Long-running work as the job allows it: the longest attempt after its 202, the longest heartbeat silence. */
    public record LongRunning(Duration maxDuration, Duration heartbeatTimeout) {
    }

    /** A claimed run of a job without long-running work. */
    public ClaimedRun(RunId id, TenantId tenantId, JobId jobId, Instant scheduledFor, int attempt, int attemptBase,
                      Instant releasedAt, URI url, String method, String contentType, String keyId,
                      byte[] headersSealed, byte[] bodySealed, Duration timeout, boolean atMostOnce, int maxAttempts,
                      Duration initialDelay, Duration maxDelay, Duration maxRetryWindow, int payloadVersion) {
        this(id, tenantId, jobId, scheduledFor, attempt, attemptBase, releasedAt, url, method, contentType, keyId,
                headersSealed, bodySealed, timeout, atMostOnce, maxAttempts, initialDelay, maxDelay, maxRetryWindow,
                payloadVersion, null, null, null, null, false, null);
    }

    /** A claimed run of a job whose version does not matter (the first). */
    public ClaimedRun(RunId id, TenantId tenantId, JobId jobId, Instant scheduledFor, int attempt, int attemptBase,
                      Instant releasedAt, URI url, String method, String contentType, String keyId,
                      byte[] headersSealed, byte[] bodySealed, Duration timeout, boolean atMostOnce, int maxAttempts,
                      Duration initialDelay, Duration maxDelay, Duration maxRetryWindow) {
        this(id, tenantId, jobId, scheduledFor, attempt, attemptBase, releasedAt, url, method, contentType, keyId,
                headersSealed, bodySealed, timeout, atMostOnce, maxAttempts, initialDelay, maxDelay, maxRetryWindow, 1);
    }

    /** This claim with the run token issued for its attempt. */
    public ClaimedRun withToken(String token) {
        return new ClaimedRun(id, tenantId, jobId, scheduledFor, attempt, attemptBase, releasedAt, url, method,
                contentType, keyId, headersSealed, bodySealed, timeout, atMostOnce, maxAttempts, initialDelay, maxDelay,
                maxRetryWindow, payloadVersion, longRunning, checkpoint, token, flowKey, lastOccurrence, dueAt);
    }

    /** Attempts made since the run was created or last replayed, this one included. */
    public int attemptsInBudget() {
        return attempt - attemptBase;
    }

    /** The target's host, the key of its circuit breaker and of the endpoint view. */
    public String host() {
        return url.getPort() < 0 ? url.getHost() : url.getHost() + ":" + url.getPort();
    }
}
