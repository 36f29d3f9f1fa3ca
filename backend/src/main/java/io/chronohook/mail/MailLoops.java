package io.chronohook.mail;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import io.chronohook.platform.WorkerLoopSet;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Starts the outbox sender on worker instances, over SMTP when a server is configured, into the log otherwise, and
 * the hourly purge of finished mails.
 */
@Component
public class MailLoops extends WorkerLoopSet {

    private static final Logger log = LoggerFactory.getLogger(MailLoops.class);
    private static final Duration PURGE_EVERY = Duration.ofHours(1);

    private final MailSender sender;
    private final MailProperties properties;

    public MailLoops(PipelineProperties pipeline, MailOutbox outbox, MailProperties properties, MeterRegistry meters,
                     Clock clock) {
        super(pipeline.worker());
        this.properties = properties;
        MailTransport transport = properties.smtpConfigured() ? new SmtpTransport(properties) : new LogTransport();
        this.sender = new MailSender(outbox, transport, properties, meters, clock);
        log.info("Mails are sent through {}", transport.name());
    }

    @Override
    protected List<Loop> startLoops() {
        return List.of(
                Loop.start("mail sender", sender::runOnce, properties.interval(), properties.interval()),
                Loop.every("mail purge", sender::purgeOnce, PURGE_EVERY));
    }
}
