/** The mail outbox: reads mails written by other stages (invitations) in their transactions; sends them over SMTP, or to the log when none is configured, retrying with backoff; nothing is next. */
package io.chronohook.mail;
