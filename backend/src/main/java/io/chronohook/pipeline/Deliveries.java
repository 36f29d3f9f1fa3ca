package io.chronohook.pipeline;

import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.dispatch.DeliveryRequest;
import io.chronohook.dispatch.WebhookDispatcher;
import io.chronohook.dispatch.http.HeaderLines;
import io.chronohook.dispatch.http.OutgoingRequest;
import io.chronohook.dispatch.signing.SigningSecret;
import io.chronohook.flow.FlowControl;
import io.chronohook.job.JobStore;
import io.chronohook.observability.RunTrace;
import io.chronohook.outcome.AttemptResults;
import io.chronohook.running.Resume;
import io.chronohook.running.RunningStore;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.FinishedAttempt;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.nio.charset.StandardCharsets;
import io.chronohook.platform.DatabaseOutage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Makes one attempt of a claimed run: asks the host's circuit breaker, opens the payload, signs with the tenant's
 * secrets, sends with the run's trace context ({@code traceparent}), feeds the breaker, and decides the run's next
 * state.
 */
@Component
public class Deliveries {

    /** How long a run whose attempt could not be prepared for want of the database waits before it looks again. */
    static final Duration DATABASE_RETRY = Duration.ofSeconds(1);

    private final WebhookDispatcher dispatcher;
    private final TenantSecrets secrets;
    private final JobStore jobs;
    private final CircuitBreakers breakers;
    private final RunningStore running;
    private final FlowControl flow;
    private final Clock clock;
    private final SplittableRandom jitter = new SplittableRandom();

    public Deliveries(WebhookDispatcher dispatcher, TenantSecrets secrets, JobStore jobs, CircuitBreakers breakers,
                      RunningStore running, FlowControl flow, Clock clock) {
        this.running = running;
        this.flow = flow;
        this.dispatcher = dispatcher;
        this.secrets = secrets;
        this.jobs = jobs;
        this.breakers = breakers;
        this.clock = clock;
    }

    /**
     * Never fails: whatever happens becomes a finished attempt to record. A run over its tenant's flow limits is not
     * sent (it waits, no attempt spent); one admitted holds its in-flight slots until its request has ended.
     * {@code sending} is told when the signed request is handed to the HTTP client (not when nothing is sent).
     */
    public Mono<FinishedAttempt> attempt(ClaimedRun run, RunTrace trace, Runnable sending) {
        return flow.admit(new FlowControl.Request(run.tenantId(), run.host(), run.flowKey()))
                .flatMap(admission -> {
                    if (!admission.admitted()) {
                        return Mono.just(AttemptResults.waitingForCapacity(run, clock.instant(), admission.until(),
                                admission.limit(), admission.reason()));
                    }
                    // The slots go back however the send ends: with an attempt, an error, or nothing at all.
                    return Mono.usingWhen(Mono.just(admission), admitted -> send(run, trace, sending), flow::release);
                });
    }

    private Mono<FinishedAttempt> send(ClaimedRun run, RunTrace trace, Runnable sending) {
        CircuitBreaker breaker = breakers.of(run.tenantId(), run.host());
        if (!breaker.tryAcquirePermission()) {
            Instant now = clock.instant();
            return Mono.just(AttemptResults.deferred(run, now, breakers.heldUntil(breaker, now)
                    .plusMillis(nextJitter(1000))));
        }
        String traceId = trace.traceId();
        // A long-running job's attempt gets its run token recorded before anything is sent.
        Mono<ClaimedRun> issued = run.longRunning() == null ? Mono.just(run)
                : running.issueTokens(List.of(run)).map(List::getFirst);
        return issued.zipWith(secrets.of(run.tenantId()))
                .flatMap(prepared -> {
                    ClaimedRun attempt = prepared.getT1();
                    List<SigningSecret> signing = prepared.getT2();
                    JobStore.Payload payload = jobs.open(run.tenantId(), run.jobId(), run.keyId(),
                            run.headersSealed(), run.bodySealed());
                    byte[] body = Resume.body(
                            payload.body() == null ? new byte[0] : payload.body().getBytes(StandardCharsets.UTF_8),
                            run.contentType(), attempt.checkpoint());
                    DeliveryRequest request = new DeliveryRequest(run.id().toString(), run.jobId().toString(),
                            run.attempt(), run.scheduledFor(), run.url(), run.method(), payload.headers(), body,
                            run.contentType(), run.timeout(), signing, attempt.runToken(),
                            trace.sending(run, clock.instant()));
                    String resume = Resume.header(attempt.checkpoint());
                    OutgoingRequest signed = resume == null ? dispatcher.signed(request)
                            : dispatcher.signed(request).withHeader(Resume.HEADER, resume);
                    String head = signed.method() + " " + signed.url() + "\n"
                            + HeaderLines.of(signed.headers().entrySet());
                    int bytes = head.getBytes(StandardCharsets.UTF_8).length + body.length;
                    sending.run();
                    return dispatcher.dispatch(signed).map(outcome -> new Sent(outcome, head, bytes));
                })
                .doOnNext(sent -> breakers.record(breaker, sent.outcome()))
                .map(sent -> AttemptResults.of(run, sent.outcome(), traceId, clock.instant(), splitJitter())
                        .with(sent.outcome() instanceof DeliveryOutcome.Blocked
                                ? new FinishedAttempt.Exchange(null, null, run.payloadVersion(), null)
                                : new FinishedAttempt.Exchange(sent.head(), responseHeaders(sent.outcome()),
                                        run.payloadVersion(), sent.bytes())))
                .onErrorResume(error -> {
                    breaker.releasePermission();
                    Instant now = clock.instant();
                    // The database went away between the claim and the send: nothing went out, try again shortly.
                    return Mono.just(DatabaseOutage.is(error)
                            ? AttemptResults.heldForDatabase(run, now, now.plus(DATABASE_RETRY).plusMillis(
                                    nextJitter(1000)))
                            : AttemptResults.internalError(run, error, now));
                });
    }

    /** An outcome, the request line and headers that went out for it, and the bytes sent. */
    private record Sent(DeliveryOutcome outcome, String head, int bytes) {
    }

    private static String responseHeaders(DeliveryOutcome outcome) {
        return switch (outcome) {
            case DeliveryOutcome.Delivered delivered -> delivered.responseHeaders();
            case DeliveryOutcome.Rejected rejected -> rejected.responseHeaders();
            default -> null;
        };
    }

    private synchronized long nextJitter(int bound) {
        return jitter.nextInt(bound);
    }

    private synchronized SplittableRandom splitJitter() {
        return jitter.split();
    }
}
