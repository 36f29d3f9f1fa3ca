package io.chronohook.mail;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Mail settings ({@code chronohook.mail.*}): the sender address, the SMTP server (none configured: mails are written
 * to the log instead), how the outbox loop takes and retries mails, and how long finished ones are kept.
 */
@ConfigurationProperties("chronohook.mail")
public record MailProperties(
        @DefaultValue("Chronohook <no-reply@chronohook.invalid>") String from,
        @DefaultValue Smtp smtp,
        @DefaultValue("PT5S") Duration interval,
        @DefaultValue("20") int batch,
        @DefaultValue("10") int maxAttempts,
        @DefaultValue("PT30S") Duration initialRetryDelay,
        @DefaultValue("PT1H") Duration maxRetryDelay,
        @DefaultValue("P30D") Duration retention) {

    public MailProperties {
        if (from == null || from.isBlank()) {
            throw new IllegalArgumentException("chronohook.mail.from must be set");
        }
        if (batch < 1 || batch > 500) {
            throw new IllegalArgumentException("chronohook.mail.batch must be between 1 and 500");
        }
        if (maxAttempts < 1 || maxAttempts > 50) {
            throw new IllegalArgumentException("chronohook.mail.max-attempts must be between 1 and 50");
        }
        requirePositive(interval, "interval");
        requirePositive(initialRetryDelay, "initial-retry-delay");
        requirePositive(retention, "retention");
        if (maxRetryDelay.compareTo(initialRetryDelay) < 0) {
            throw new IllegalArgumentException("chronohook.mail.max-retry-delay must not be below initial-retry-delay");
        }
    }

    /** The SMTP server; {@code host} empty means "no server: log each mail". */
    public record Smtp(
            String host,
            @DefaultValue("587") int port,
            String username,
            String password,
            @DefaultValue("starttls") Security security,
            @DefaultValue("PT10S") Duration timeout) {

        public Smtp {
            host = host == null || host.isBlank() ? null : host.strip();
            username = username == null || username.isBlank() ? null : username;
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("chronohook.mail.smtp.port must be between 1 and 65535");
            }
            if (timeout.compareTo(Duration.ofSeconds(1)) < 0 || timeout.compareTo(Duration.ofMinutes(5)) > 0) {
                throw new IllegalArgumentException("chronohook.mail.smtp.timeout must be between PT1S and PT5M");
            }
        }

        public boolean configured() {
            return host != null;
        }
    }

    /** How the connection to the SMTP server is protected. */
    public enum Security {
        /** Plain connection upgraded with STARTTLS, which the server must offer (port 587). */
        STARTTLS,
        /** TLS from the first byte (port 465). */
        TLS,
        /** No encryption: a relay on the same host or a test server only. */
        NONE
    }

    /** True when mails go to an SMTP server rather than to the log. */
    public boolean smtpConfigured() {
        return smtp.configured();
    }

    private static void requirePositive(Duration value, String name) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("chronohook.mail." + name + " must be positive");
        }
    }
}
