package io.chronohook.mail;

import java.util.UUID;

/** A mail taken from the outbox for one attempt: {@code attempts} counts this one. */
public record OutboxMail(UUID id, String recipient, String subject, String body, int attempts) {
}
