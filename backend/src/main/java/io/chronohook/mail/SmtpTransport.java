package io.chronohook.mail;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;

/** Sends mails to the configured SMTP server with Jakarta Mail, one connection per mail, bounded by the timeout. */
public final class SmtpTransport implements MailTransport {

    private final MailProperties.Smtp smtp;
    private final InternetAddress from;
    private final Session session;

    public SmtpTransport(MailProperties properties) {
        this.smtp = properties.smtp();
        if (!smtp.configured()) {
            throw new IllegalArgumentException("chronohook.mail.smtp.host is not set");
        }
        try {
            this.from = new InternetAddress(properties.from(), true);
        } catch (MessagingException e) {
            throw new IllegalArgumentException("chronohook.mail.from is not a mail address: " + properties.from(), e);
        }
        this.session = Session.getInstance(sessionProperties(smtp));
    }

    private static Properties sessionProperties(MailProperties.Smtp smtp) {
        String timeout = Long.toString(smtp.timeout().toMillis());
        Properties props = new Properties();
        props.setProperty("mail.smtp.host", smtp.host());
        props.setProperty("mail.smtp.port", Integer.toString(smtp.port()));
        props.setProperty("mail.smtp.connectiontimeout", timeout);
        props.setProperty("mail.smtp.timeout", timeout);
        props.setProperty("mail.smtp.writetimeout", timeout);
        props.setProperty("mail.smtp.auth", Boolean.toString(smtp.username() != null));
        switch (smtp.security()) {
            case STARTTLS -> {
                props.setProperty("mail.smtp.starttls.enable", "true");
                props.setProperty("mail.smtp.starttls.required", "true");
                props.setProperty("mail.smtp.ssl.checkserveridentity", "true");
            }
            case TLS -> {
                props.setProperty("mail.smtp.ssl.enable", "true");
                props.setProperty("mail.smtp.ssl.checkserveridentity", "true");
            }
            case NONE -> {
            }
        }
        return props;
    }

    @Override
    public void send(OutboxMail mail) throws MessagingException {
        MimeMessage message = new MimeMessage(session);
        message.setFrom(from);
        // One address, parsed strictly: a recipient can never turn into a list.
        message.setRecipient(Message.RecipientType.TO, new InternetAddress(mail.recipient(), true));
        message.setSubject(oneLine(mail.subject()), StandardCharsets.UTF_8.name());
        message.setText(mail.body(), StandardCharsets.UTF_8.name());
        message.setSentDate(new Date());
        if (smtp.username() != null) {
            Transport.send(message, smtp.username(), smtp.password());
        } else {
            Transport.send(message);
        }
    }

    /** A subject holds tenant-chosen text: control characters (a line break would end the header) become spaces. */
    static String oneLine(String text) {
        return text.replaceAll("\\p{Cntrl}", " ");
    }

    @Override
    public String name() {
        return "smtp " + smtp.host() + ":" + smtp.port();
    }
}
