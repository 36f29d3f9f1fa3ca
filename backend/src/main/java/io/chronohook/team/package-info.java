/** Teams: reads members and invitations; writes invitations, members (roles, removals), their audit events and the invitation mails into the outbox; the mail stage sends them next. */
package io.chronohook.team;
