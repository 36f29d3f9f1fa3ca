package io.chronohook.mail;

import static io.chronohook.platform.Rows.utc;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.Uuid7;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The outbox of mails: written in the caller's transaction, taken and finished by {@link MailSender}. */
@Repository
public class MailOutbox {

    private static final int MAX_ERROR = 500;

    private final DatabaseClient db;
    private final Clock clock;

    public MailOutbox(DatabaseClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Queues a mail for sending now; call inside the transaction of the change the mail tells of. */
    public Mono<UUID> enqueue(TenantId tenantId, String recipient, String subject, String body) {
        UUID id = Uuid7.next(clock);
        return db.sql(MailOutboxSql.INSERT)
                .bind("id", id)
                .bind("tenantId", tenantId.value())
                .bind("recipient", recipient)
                .bind("subject", subject)
                .bind("body", body)
                .bind("now", utc(clock.instant()))
                .then()
                .thenReturn(id);
    }

    Flux<OutboxMail> claim(Instant now, Instant leaseUntil, int batch) {
        return db.sql(MailOutboxSql.CLAIM)
                .bind("now", utc(now))
                .bind("leaseUntil", utc(leaseUntil))
                .bind("batch", batch)
                .map(row -> new OutboxMail(row.get("id", UUID.class), row.get("recipient", String.class),
                        row.get("subject", String.class), row.get("body", String.class),
                        row.get("attempts", Integer.class)))
                .all();
    }

    Mono<Void> sent(UUID id, Instant now) {
        return db.sql(MailOutboxSql.SENT).bind("id", id).bind("now", utc(now)).then();
    }

    Mono<Void> retry(UUID id, Instant next, String error) {
        return db.sql(MailOutboxSql.RETRY).bind("id", id).bind("next", utc(next)).bind("error", cut(error)).then();
    }

    Mono<Void> fail(UUID id, Instant now, String error) {
        return db.sql(MailOutboxSql.FAIL).bind("id", id).bind("now", utc(now)).bind("error", cut(error)).then();
    }

    /** Deletes up to {@code batch} mails finished before {@code before}; returns how many. */
    Mono<Long> purge(Instant before, int batch) {
        return db.sql(MailOutboxSql.PURGE).bind("before", utc(before)).bind("batch", batch).fetch().rowsUpdated();
    }

    private static String cut(String error) {
        String text = error == null ? "unknown error" : error;
        return text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR);
    }
}
