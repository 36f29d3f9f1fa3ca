package io.chronohook.mail;

/** Named SQL for the mail outbox. */
final class MailOutboxSql {

    static final String INSERT = """
            insert into mail_outbox (id, tenant_id, recipient, subject, body, created_at, next_attempt_at)
            values (:id, :tenantId, :recipient, :subject, :body, :now, :now)
            """;

    /**
     * Takes due mails under a lease: their next attempt moves to {@code :leaseUntil}, so a sender that dies mid-send
     * leaves them to be taken again then, and two senders never take the same mail.
     */
    static final String CLAIM = """
            update mail_outbox
               set next_attempt_at = :leaseUntil, attempts = attempts + 1
             where id in (select id
                            from mail_outbox
                           where sent_at is null and failed_at is null and next_attempt_at <= :now
                           order by next_attempt_at
                           limit :batch
                             for update skip locked)
            returning id, recipient, subject, body, attempts
            """;

    /** The body is cleared once sent: an invitation's mail holds its accept link. */
    static final String SENT = """
            update mail_outbox
               set sent_at = :now, body = '', last_error = null
             where id = :id and sent_at is null
            """;

    static final String RETRY = """
            update mail_outbox
               set next_attempt_at = :next, last_error = :error
             where id = :id and sent_at is null
            """;

    static final String FAIL = """
            update mail_outbox
               set failed_at = :now, last_error = :error
             where id = :id and sent_at is null
            """;

    /** Finished mails (sent or failed) older than {@code :before}, a bounded batch at a time. */
    static final String PURGE = """
            delete from mail_outbox
             where id in (select id
                            from mail_outbox
                           where sent_at < :before or failed_at < :before
                           limit :batch)
            """;

    private MailOutboxSql() {
    }
}
