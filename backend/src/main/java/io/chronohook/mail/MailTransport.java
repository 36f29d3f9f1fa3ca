package io.chronohook.mail;

/** Hands one mail over to where it goes (an SMTP server, or the log); blocking, called on a bounded elastic thread. */
public interface MailTransport {

    /** Throws when the mail was not accepted; the sender retries it later. */
    void send(OutboxMail mail) throws Exception;

    /** What the log and the docs call this transport. */
    String name();
}
