package io.chronohook.dispatch;

import io.chronohook.dispatch.guard.GuardDecision;
import io.chronohook.dispatch.guard.HostResolver;
import io.chronohook.dispatch.guard.TargetGuard;
import io.chronohook.dispatch.http.OutgoingRequest;
import io.chronohook.dispatch.http.ReservedHeaders;
import io.chronohook.dispatch.http.WebhookSender;
import io.chronohook.dispatch.signing.WebhookSigner;
import io.netty.resolver.AddressResolverGroup;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Makes one delivery attempt of a run: guards the target, signs, sends and classifies. Used by the dispatch pipeline;
 * one instance per process, closed on shutdown.
 */
public final class WebhookDispatcher implements AutoCloseable {

    private final Clock clock;
    private final DispatcherSettings settings;
    private final TargetGuard guard;
    private final AddressResolverGroup<InetSocketAddress> resolverGroup;
    private final WebhookSender sender;
    private final WebhookSigner signer = new WebhookSigner();

    /** A dispatcher resolving hosts with the operating system's resolver. */
    public WebhookDispatcher(DispatcherSettings settings, Clock clock) {
        this(settings, clock, HostResolver.system(settings.resolveTimeout()));
    }

    /** A dispatcher resolving hosts with {@code resolver} (a fake DNS in tests). */
    public WebhookDispatcher(DispatcherSettings settings, Clock clock, HostResolver resolver) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.guard = new TargetGuard(settings.allowPrivateTargets(), resolver);
        this.resolverGroup = guard.addressResolverGroup();
        this.sender = new WebhookSender(settings, resolverGroup, clock);
    }

    /** The guard this dispatcher applies, for checking URLs when jobs are created. */
    public TargetGuard guard() {
        return guard;
    }

    /** One attempt; the Mono never signals an error, every failure is an outcome. */
    public Mono<DeliveryOutcome> dispatch(DeliveryRequest request) {
        return Mono.defer(() -> dispatch(signed(request)))
                .onErrorResume(error -> {
                    Instant now = clock.instant();
                    return Mono.just(new DeliveryOutcome.Failed("internal", String.valueOf(error), false, now, now));
                });
    }

    /** Sends a request made by {@link #signed}: what a caller that keeps what it sent uses. Never signals an error. */
    public Mono<DeliveryOutcome> dispatch(OutgoingRequest request) {
        return Mono.defer(() -> {
                    Optional<GuardDecision.Refused> refused = guard.precheck(request.url());
                    if (refused.isPresent()) {
                        return Mono.just(new DeliveryOutcome.Blocked(refused.get().reason(), clock.instant()));
                    }
                    return sender.send(request);
                })
                .onErrorResume(error -> {
                    Instant now = clock.instant();
                    return Mono.just(new DeliveryOutcome.Failed("internal", String.valueOf(error), false, now, now));
                });
    }

    /** The request as it goes on the wire: Chronohook's headers, the signature of now, the job's own headers. */
    public OutgoingRequest signed(DeliveryRequest request) {
        long timestamp = clock.instant().getEpochSecond();
        byte[] body = request.body();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", request.effectiveContentType());
        headers.put("user-agent", settings.userAgent());
        headers.put("webhook-id", request.runId());
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", signer.signatureHeader(request.runId(), timestamp, body, request.secrets()));
        if (request.jobId() != null) {
            headers.put("chronohook-job-id", request.jobId());
        }
        headers.put("chronohook-attempt", Integer.toString(request.attempt()));
        headers.put("chronohook-scheduled-for",
                DateTimeFormatter.ISO_INSTANT.format(request.scheduledFor().truncatedTo(ChronoUnit.MILLIS)));
        if (request.runToken() != null) {
            headers.put("chronohook-run-token", request.runToken());
        }
        if (request.traceparent() != null) {
            headers.put("traceparent", request.traceparent());
        }
        request.headers().forEach((name, value) -> {
            if (name != null && value != null && !ReservedHeaders.isReserved(name)) {
                headers.put(name, value);
            }
        });
        return new OutgoingRequest(request.method(), request.url(), headers, body, request.timeout());
    }

    /** Closes pooled connections and the resolvers. */
    @Override
    public void close() {
        sender.close();
        resolverGroup.close();
    }
}
