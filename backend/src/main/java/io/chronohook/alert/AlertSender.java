package io.chronohook.alert;

import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.dispatch.DeliveryRequest;
import io.chronohook.dispatch.WebhookDispatcher;
import io.chronohook.dispatch.retry.Backoff;
import io.chronohook.pipeline.TenantSecrets;
import io.chronohook.observability.MeterNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Delivers the alert outbox: claims due alerts ({@code SKIP LOCKED}, under a lease), lets the cooldown hold back
 * repeats of one kind for one job, signs each alert like any callback ({@code webhook-id} = the alert's id, the same
 * on every try) and posts it to the tenant's alert webhook; any answer but 2xx is retried with backoff and jitter
 * until {@code max-attempts}, then the alert is failed.
 */
@Component
public class AlertSender {

    private static final Logger log = LoggerFactory.getLogger(AlertSender.class);
    private static final Duration LEASE_MARGIN = Duration.ofSeconds(30);
    private static final int CONCURRENCY = 16;
    private static final int PURGE_BATCH = 1000;

    private final AlertStore store;
    private final WebhookDispatcher dispatcher;
    private final TenantSecrets secrets;
    private final AlertProperties properties;
    private final JsonMapper json;
    private final MeterRegistry meters;
    private final Clock clock;
    private final SplittableRandom jitter = new SplittableRandom();

    public AlertSender(AlertStore store, WebhookDispatcher dispatcher, TenantSecrets secrets,
                       AlertProperties properties, JsonMapper json, MeterRegistry meters, Clock clock) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.secrets = secrets;
        this.properties = properties;
        this.json = json;
        this.meters = meters;
        this.clock = clock;
    }

    /** One round; returns how many alerts it took (delivered, retried, suppressed or failed). */
    public Mono<Integer> runOnce() {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            Instant leaseUntil = now.plus(properties.timeout()).plus(LEASE_MARGIN);
            return store.claim(now, leaseUntil, properties.batch())
                    .flatMap(this::send, CONCURRENCY)
                    .count()
                    .map(Long::intValue);
        });
    }

    /** Forgets finished alerts older than {@code retention}; returns how many. */
    public Mono<Long> purgeOnce() {
        return Mono.defer(() -> store.purge(clock.instant().minus(properties.retention()), PURGE_BATCH));
    }

    private Mono<Void> send(ClaimedAlert claimed) {
        Alert alert = claimed.alert();
        Instant now = clock.instant();
        if (claimed.url() == null) {
            return store.finish(alert.id(), new AlertStore.Attempted("failed", false, null, null,
                    "alerts were turned off before it was sent", now));
        }
        Mono<Integer> suppressed = claimed.needsGate()
                ? store.gate(claimed, now.plus(claimed.cooldown()), now)
                        .doOnNext(gate -> {
                            if (!gate.opened()) {
                                count(alert, "suppressed");
                            }
                        })
                        .filter(AlertStore.Gate::opened)
                        .map(AlertStore.Gate::suppressedBefore)
                : Mono.just(alert.suppressedBefore());
        return suppressed.flatMap(count -> deliver(claimed, count))
                .onErrorResume(error -> failedTry(claimed, error));
    }

    /**
     * An alert that could not be signed or sent (its tenant's secrets cannot be opened, say) counts as a failed try,
     * retried with backoff and failed after {@code max-attempts} like one the webhook refused. Should even that
     * write fail, the alert stays 'sending' and is taken again when its lease runs out.
     */
    private Mono<Void> failedTry(ClaimedAlert claimed, Throwable error) {
        Alert alert = claimed.alert();
        log.error("could not send alert {} of tenant {}", alert.id(), claimed.tenantId(), error);
        AlertStore.Attempted attempted = retryOrFail(alert, null, null,
                "could not sign or send the alert: " + error.getClass().getSimpleName());
        return store.finish(alert.id(), attempted)
                .doOnSuccess(done -> count(alert, result(attempted)))
                .onErrorResume(writeError -> {
                    log.error("could not record the failed try of alert {}", alert.id(), writeError);
                    return Mono.empty();
                });
    }

    private Mono<Void> deliver(ClaimedAlert claimed, int suppressed) {
        Alert alert = claimed.alert();
        byte[] body = json.writeValueAsBytes(AlertPayload.of(claimed.tenantId(), alert, suppressed));
        return secrets.of(claimed.tenantId())
                .flatMap(signing -> dispatcher.dispatch(new DeliveryRequest(alert.id().toString(),
                        alert.jobId() == null ? null : alert.jobId().toString(), alert.attempts() + 1,
                        alert.createdAt(), claimed.url(), "POST", Map.of(), body,
                        DeliveryRequest.DEFAULT_CONTENT_TYPE, properties.timeout(), signing, null, null)))
                .map(outcome -> attempted(alert, outcome))
                .flatMap(attempted -> store.finish(alert.id(), attempted)
                        .doOnSuccess(done -> count(alert, result(attempted))));
    }

    private static String result(AlertStore.Attempted attempted) {
        return "pending".equals(attempted.state()) ? "retried" : attempted.state();
    }

    private void count(Alert alert, String result) {
        Counter.builder(MeterNames.ALERTS).description("Tenant alerts by kind and what became of them")
                .tag("kind", alert.kind().wire()).tag("result", result)
                .register(meters).increment();
    }

    private AlertStore.Attempted attempted(Alert alert, DeliveryOutcome outcome) {
        Instant now = clock.instant();
        if (outcome instanceof DeliveryOutcome.Delivered delivered) {
            return new AlertStore.Attempted("delivered", true, null, delivered.status(), null, now);
        }
        Integer status = outcome instanceof DeliveryOutcome.Rejected rejected ? rejected.status() : null;
        Duration retryAfter = outcome instanceof DeliveryOutcome.Rejected rejected ? rejected.retryAfter() : null;
        return retryOrFail(alert, status, retryAfter, describe(outcome));
    }

    /** A try that did not deliver: retried after a backoff, or failed once it was the last one allowed. */
    private AlertStore.Attempted retryOrFail(Alert alert, Integer status, Duration retryAfter, String error) {
        Instant now = clock.instant();
        int made = alert.attempts() + 1;
        if (made >= properties.maxAttempts()) {
            return new AlertStore.Attempted("failed", true, null, status, error, now);
        }
        Duration delay = Backoff.delay(made, properties.initialRetryDelay(), properties.maxRetryDelay(), retryAfter,
                splitJitter());
        return new AlertStore.Attempted("pending", true, now.plus(delay), status, error, null);
    }

    private static String describe(DeliveryOutcome outcome) {
        return switch (outcome) {
            case DeliveryOutcome.Delivered d -> null;
            case DeliveryOutcome.Rejected r -> "the alert webhook answered HTTP " + r.status();
            case DeliveryOutcome.Failed f -> f.errorClass() + ": " + f.message();
            case DeliveryOutcome.Blocked b -> "the alert webhook is not allowed: " + b.reason();
            case DeliveryOutcome.ShortCircuited s -> "the alert webhook's circuit is open";
        };
    }

    private synchronized SplittableRandom splitJitter() {
        return jitter.split();
    }
}
