package io.chronohook.mail;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transport when no SMTP server is configured: each mail is written to the log in full, so a local installation
 * can still follow an invitation's link (the API shows the link to the inviter as well).
 */
public final class LogTransport implements MailTransport {

    private static final Logger log = LoggerFactory.getLogger(LogTransport.class);

    @Override
    public void send(OutboxMail mail) {
        log.info("No SMTP server is configured (chronohook.mail.smtp.host); this mail was not sent:\n"
                + "To: {}\nSubject: {}\n\n{}", mail.recipient(), mail.subject(), mail.body());
    }

    @Override
    public String name() {
        return "log";
    }
}
