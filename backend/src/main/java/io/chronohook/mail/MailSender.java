package io.chronohook.mail;

import io.chronohook.dispatch.retry.Backoff;
import io.chronohook.observability.MeterNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Sends the outbox: takes due mails under a lease, hands each to the transport on a bounded elastic thread (SMTP
 * blocks), marks it sent, or schedules the next try with exponential backoff and jitter; after {@code max-attempts}
 * the mail is failed and logged. One mail at a time: invitations are few, and an SMTP server is not to be flooded.
 */
public class MailSender {

    private static final Logger log = LoggerFactory.getLogger(MailSender.class);
    /** A claimed mail is taken again this long after the SMTP timeout, should its sender have died. */
    private static final Duration LEASE_MARGIN = Duration.ofSeconds(30);
    private static final int PURGE_BATCH = 1000;

    private final MailOutbox outbox;
    private final MailTransport transport;
    private final MailProperties properties;
    private final MeterRegistry meters;
    private final Clock clock;
    private final SplittableRandom jitter = new SplittableRandom();

    public MailSender(MailOutbox outbox, MailTransport transport, MailProperties properties, MeterRegistry meters,
                      Clock clock) {
        this.outbox = outbox;
        this.transport = transport;
        this.properties = properties;
        this.meters = meters;
        this.clock = clock;
    }

    /** One round; returns how many mails it took (sent, retried or failed). */
    public Mono<Integer> runOnce() {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            Instant leaseUntil = now.plus(properties.smtp().timeout()).plus(LEASE_MARGIN);
            return outbox.claim(now, leaseUntil, properties.batch())
                    .concatMap(this::send)
                    .count()
                    .map(Long::intValue);
        });
    }

    /** Forgets sent and failed mails older than {@code retention}; returns how many. */
    public Mono<Long> purgeOnce() {
        return Mono.defer(() -> outbox.purge(clock.instant().minus(properties.retention()), PURGE_BATCH));
    }

    private Mono<Void> send(OutboxMail mail) {
        return Mono.fromCallable(() -> {
                    transport.send(mail);
                    return "";
                })
                .subscribeOn(Schedulers.boundedElastic())
                .onErrorResume(error -> Mono.just(reason(error)))
                .flatMap(error -> error.isEmpty()
                        ? outbox.sent(mail.id(), clock.instant()).doOnSuccess(done -> count("sent"))
                        : failed(mail, error));
    }

    private Mono<Void> failed(OutboxMail mail, String error) {
        Instant now = clock.instant();
        if (mail.attempts() >= properties.maxAttempts()) {
            log.error("Gave up sending mail {} to {} after {} attempts through {}: {}", mail.id(), mail.recipient(),
                    mail.attempts(), transport.name(), error);
            return outbox.fail(mail.id(), now, error).doOnSuccess(done -> count("failed"));
        }
        Duration delay = Backoff.delay(mail.attempts(), properties.initialRetryDelay(), properties.maxRetryDelay(),
                null, jitter);
        log.warn("Could not send mail {} to {} through {} (attempt {} of {}), next try in {}: {}", mail.id(),
                mail.recipient(), transport.name(), mail.attempts(), properties.maxAttempts(), delay, error);
        return outbox.retry(mail.id(), now.plus(delay), error).doOnSuccess(done -> count("retried"));
    }

    private void count(String result) {
        Counter.builder(MeterNames.MAILS).description("Mails of the outbox by what became of each try")
                .tag("result", result).register(meters).increment();
    }

    private static String reason(Throwable error) {
        String message = error.getMessage();
        return error.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
