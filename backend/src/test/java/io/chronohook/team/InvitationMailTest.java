package io.chronohook.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.chronohook.access.Caller;
import io.chronohook.access.MemberRole;
import io.chronohook.access.MemberStore;
import io.chronohook.access.PasswordHasher;
import io.chronohook.access.Scope;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.mail.MailOutbox;
import io.chronohook.mail.MailProperties;
import io.chronohook.mail.MailSender;
import io.chronohook.mail.SmtpTransport;
import io.chronohook.platform.ApiException;
import io.chronohook.support.ApiTest;
import io.chronohook.support.ManualClock;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Invitation mails through the outbox to a real SMTP server (GreenMail on a port of its own), and expiry, with the
 * service and the sender on clocks moved by hand. Mails are queued a day ahead, where the application's own sender
 * (on the real clock, writing to the log) never finds them due.
 */
class InvitationMailTest extends ApiTest {

    private static final Pattern LINK = Pattern.compile("http://localhost:8081/invitations/([A-Za-z0-9_-]{43})");

    @Autowired
    MemberStore members;
    @Autowired
    InvitationStore invitations;
    @Autowired
    TenantStore tenants;
    @Autowired
    PasswordHasher passwords;
    @Autowired
    AuditStore audit;
    @Autowired
    TeamProperties teamProperties;
    @Autowired
    TransactionalOperator tx;
    @Autowired
    DatabaseClient db;
    @Autowired
    MeterRegistry meters;

    private final ManualClock clock = new ManualClock(Instant.now().plus(Duration.ofDays(1)));
    private int port;
    private GreenMail smtpServer;
    private TestTenant tenant;

    @BeforeEach
    void freePortAndTenant() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        tenant = signUp();
    }

    @AfterEach
    void stopSmtp() {
        if (smtpServer != null) {
            smtpServer.stop();
        }
    }

    @Test
    void theInvitationMailReachesTheSmtpServerWithALinkThatLetsThePersonJoin() throws Exception {
        startSmtp();
        MailProperties mail = smtp(10);
        String email = "mailed-" + UUID.randomUUID() + "@example.com";

        TeamService.Invited invited = service(clock, mail).invite(admin(), email, MemberRole.VIEWER).block();
        assertThat(invited.acceptLink()).as("mailed, so not shown to the inviter").isNull();
        assertThat(outboxRow(email).get("sent_at")).isNull();
        sender(mail).runOnce().block();

        MimeMessage message = receivedBy(email);
        assertThat(message.getSubject()).isEqualTo("You are invited to join Tenant " + tenant.email().substring(6, 14)
                + " on Chronohook");
        assertThat(message.getFrom()[0].toString()).isEqualTo("Chronohook <no-reply@chronohook.invalid>");
        String body = (String) message.getContent();
        assertThat(body).contains("as viewer").contains("The link works once");
        Matcher link = LINK.matcher(body);
        assertThat(link.find()).isTrue();
        Map<String, Object> row = outboxRow(email);
        assertThat(row.get("sent_at")).isNotNull();
        assertThat(row.get("body")).as("the secret link is not kept once sent").isEqualTo("");

        http.post().uri("/api/v1/invitations/{token}/accept", link.group(1)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", PASSWORD)).exchange()
                .expectStatus().isCreated().expectBody().jsonPath("$.email").isEqualTo(email);
    }

    @Test
    void aTenantNameCannotAddHeadersOrRecipientsToTheMail() throws Exception {
        startSmtp();
        MailProperties mail = smtp(10);
        Map<?, ?> signedUp = http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Acme\r\nBcc: spy@example.com", "email",
                        "owner-" + UUID.randomUUID() + "@example.com", "password", PASSWORD))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        String email = "plain-" + UUID.randomUUID() + "@example.com";
        Caller admin = new Caller(TenantId.parse((String) signedUp.get("tenantId")).orElseThrow(),
                Caller.Kind.API_KEY, "key_test", EnumSet.allOf(Scope.class));

        service(clock, mail).invite(admin, email, MemberRole.VIEWER).block();
        sender(mail).runOnce().block();

        MimeMessage message = receivedBy(email);
        assertThat(message.getSubject()).isEqualTo("You are invited to join Acme  Bcc: spy@example.com on Chronohook");
        assertThat(message.getHeader("Bcc")).isNull();
        assertThat(smtpServer.getReceivedMessagesForDomain("example.com")).noneSatisfy(received ->
                assertThat(received.getAllRecipients()[0].toString()).isEqualTo("spy@example.com"));
    }

    @Test
    void withTheSmtpServerDownTheMailStaysInTheOutboxAndGoesOutOnALaterTry() throws Exception {
        MailProperties mail = smtp(3);
        String email = "delayed-" + UUID.randomUUID() + "@example.com";
        service(clock, mail).invite(admin(), email, MemberRole.ADMIN).block();
        MailSender sender = sender(mail);

        sender.runOnce().block();
        Map<String, Object> failed = outboxRow(email);
        assertThat(failed.get("sent_at")).isNull();
        assertThat(failed.get("attempts")).isEqualTo(1);
        assertThat((String) failed.get("last_error")).isNotBlank();
        assertThat(((OffsetDateTime) failed.get("next_attempt_at")).toInstant()).isAfter(clock.instant());

        sender.runOnce().block();
        assertThat(outboxRow(email).get("attempts")).as("not due again before its backoff").isEqualTo(1);

        startSmtp();
        clock.advance(mail.maxRetryDelay().plusMinutes(1));
        sender.runOnce().block();

        assertThat(receivedBy(email).getSubject()).startsWith("You are invited");
        Map<String, Object> sent = outboxRow(email);
        assertThat(sent.get("sent_at")).isNotNull();
        assertThat(sent.get("attempts")).isEqualTo(2);
        assertThat(sent.get("last_error")).isNull();
    }

    @Test
    void aMailTheServerNeverTakesIsFailedAfterItsLastAttempt() {
        MailProperties mail = smtp(2);
        String email = "never-" + UUID.randomUUID() + "@example.com";
        service(clock, mail).invite(admin(), email, MemberRole.VIEWER).block();
        MailSender sender = sender(mail);

        sender.runOnce().block();
        clock.advance(mail.maxRetryDelay().plusMinutes(1));
        sender.runOnce().block();

        Map<String, Object> row = outboxRow(email);
        assertThat(row.get("attempts")).isEqualTo(2);
        assertThat(row.get("failed_at")).isNotNull();
        assertThat(row.get("sent_at")).isNull();
    }

    @Test
    void finishedMailsAreForgottenAfterTheirRetentionAndPendingOnesNever() throws Exception {
        startSmtp();
        MailProperties mail = smtp(10);
        String sent = "kept-" + UUID.randomUUID() + "@example.com";
        String pending = "waiting-" + UUID.randomUUID() + "@example.com";
        service(clock, mail).invite(admin(), sent, MemberRole.VIEWER).block();
        sender(mail).runOnce().block();
        ManualClock later = new ManualClock(clock.instant().plus(Duration.ofDays(1)));
        service(later, mail).invite(admin(), pending, MemberRole.VIEWER).block();

        later.advance(mail.retention().minusDays(1).minusMinutes(1));
        MailSender purger = new MailSender(new MailOutbox(db, later), new SmtpTransport(mail), mail, meters, later);
        purger.purgeOnce().block();
        assertThat(outboxRow(sent)).as("not yet as old as the retention").isNotNull();

        later.advance(Duration.ofMinutes(2));
        purger.purgeOnce().block();
        assertThat(outboxRow(sent)).isNull();
        assertThat(outboxRow(pending)).as("never sent: kept").isNotNull();
    }

    @Test
    void aTenantMakesAtMostItsHourlyNumberOfInvitations() {
        TeamService limited = service(clock, smtp(10), new TeamProperties(teamProperties.invitationTtl(),
                teamProperties.acceptLinkBase(), 2, teamProperties.invitationRetention()));
        limited.invite(admin(), "one-" + UUID.randomUUID() + "@example.com", MemberRole.VIEWER).block();
        clock.advance(Duration.ofMinutes(10));
        limited.invite(admin(), "two-" + UUID.randomUUID() + "@example.com", MemberRole.VIEWER).block();
        clock.advance(Duration.ofMinutes(10));

        assertThatThrownBy(() -> limited.invite(admin(), "three-" + UUID.randomUUID() + "@example.com",
                MemberRole.VIEWER).block())
                .isInstanceOfSatisfying(ApiException.class, refused -> {
                    assertThat(refused.status().value()).isEqualTo(429);
                    assertThat(refused.code()).isEqualTo("too_many_invitations");
                    assertThat(refused.retryAfterSeconds()).isEqualTo(40 * 60 + 1);
                });

        clock.advance(Duration.ofMinutes(41));
        assertThat(limited.invite(admin(), "three-" + UUID.randomUUID() + "@example.com", MemberRole.VIEWER)
                .block()).isNotNull();
    }

    @Test
    void anInvitationExpiresAtTheEndOfItsTimeToLive() {
        Duration ttl = teamProperties.invitationTtl();
        MailProperties noSmtp = noSmtp();
        ManualClock justExpired = new ManualClock(Instant.now().minus(ttl).minusSeconds(60));
        ManualClock stillValid = new ManualClock(Instant.now().minus(ttl).plusSeconds(600));
        String expiredEmail = "late-" + UUID.randomUUID() + "@example.com";
        String expired = TeamApiTest.token(service(justExpired, noSmtp)
                .invite(admin(), expiredEmail, MemberRole.VIEWER).block().acceptLink());
        String valid = TeamApiTest.token(service(stillValid, noSmtp)
                .invite(admin(), "early-" + UUID.randomUUID() + "@example.com", MemberRole.VIEWER).block()
                .acceptLink());

        http.get().uri("/api/v1/members/invitations").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.items[?(@.email == '" + expiredEmail + "')].state").isEqualTo("expired");
        http.post().uri("/api/v1/invitations/{token}/accept", expired).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", PASSWORD)).exchange()
                .expectStatus().isEqualTo(410)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("invitation_expired");
        http.post().uri("/api/v1/invitations/{token}/accept", valid).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", PASSWORD)).exchange()
                .expectStatus().isCreated();
    }

    @Test
    void invitationsAreForgottenTheirRetentionAfterTheyExpireAcceptedOrNot() {
        Duration forgottenAfter = teamProperties.invitationTtl().plus(teamProperties.invitationRetention());
        String unused = "unused-" + UUID.randomUUID() + "@example.com";
        String accepted = "accepted-" + UUID.randomUUID() + "@example.com";
        String later = "later-" + UUID.randomUUID() + "@example.com";
        service(clock, noSmtp()).invite(admin(), unused, MemberRole.VIEWER).block();
        String token = TeamApiTest.token(service(clock, noSmtp()).invite(admin(), accepted, MemberRole.VIEWER).block()
                .acceptLink());
        http.post().uri("/api/v1/invitations/{token}/accept", token).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", PASSWORD)).exchange().expectStatus().isCreated();
        service(new ManualClock(clock.instant().plus(Duration.ofDays(1))), noSmtp())
                .invite(admin(), later, MemberRole.VIEWER).block();

        new InvitationPurge(invitations, teamProperties,
                new ManualClock(clock.instant().plus(forgottenAfter).minusSeconds(60))).runOnce().block();
        assertThat(List.of(invitationRows(unused), invitationRows(accepted), invitationRows(later)))
                .as("a minute before: all kept").containsExactly(1L, 1L, 1L);

        long purged = new InvitationPurge(invitations, teamProperties,
                new ManualClock(clock.instant().plus(forgottenAfter).plusSeconds(60))).runOnce().block();
        assertThat(purged).isGreaterThanOrEqualTo(2);
        assertThat(List.of(invitationRows(unused), invitationRows(accepted), invitationRows(later)))
                .as("a minute after: the two that expired then forgotten, the later one kept")
                .containsExactly(0L, 0L, 1L);
        http.get().uri("/api/v1/members").header("Authorization", "Bearer " + tenant.apiKey()).exchange()
                .expectBody().jsonPath("$.items[?(@.email == '" + accepted + "')].role").isEqualTo("viewer");
    }

    private long invitationRows(String email) {
        return db.sql("select count(*) as n from invitation where tenant_id = :tenantId and email = :email")
                .bind("tenantId", tenantUuid(tenant.tenantId())).bind("email", email)
                .map(row -> row.get("n", Long.class)).one().block();
    }

    private static MailProperties noSmtp() {
        return new MailProperties("Chronohook <no-reply@chronohook.invalid>",
                new MailProperties.Smtp(null, 587, null, null, MailProperties.Security.STARTTLS,
                        Duration.ofSeconds(10)), Duration.ofSeconds(5), 20, 10, Duration.ofSeconds(30),
                Duration.ofHours(1), Duration.ofDays(30));
    }

    private Caller admin() {
        return new Caller(TenantId.parse(tenant.tenantId()).orElseThrow(), Caller.Kind.API_KEY, "key_test",
                EnumSet.allOf(Scope.class));
    }

    private TeamService service(Clock at, MailProperties mail) {
        return service(at, mail, teamProperties);
    }

    private TeamService service(Clock at, MailProperties mail, TeamProperties team) {
        return new TeamService(members, invitations, tenants, passwords, audit, new MailOutbox(db, at),
                team, mail, tx, new SecureRandom(), at);
    }

    private MailSender sender(MailProperties mail) {
        return new MailSender(new MailOutbox(db, clock), new SmtpTransport(mail), mail, meters, clock);
    }

    private MailProperties smtp(int maxAttempts) {
        return new MailProperties("Chronohook <no-reply@chronohook.invalid>",
                new MailProperties.Smtp("127.0.0.1", port, null, null, MailProperties.Security.NONE,
                        Duration.ofSeconds(2)),
                Duration.ofSeconds(5), 50, maxAttempts, Duration.ofSeconds(30), Duration.ofMinutes(10),
                Duration.ofDays(30));
    }

    private void startSmtp() {
        smtpServer = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtpServer.start();
    }

    private MimeMessage receivedBy(String email) throws Exception {
        smtpServer.waitForIncomingEmail(5_000, 1);
        return Arrays.stream(smtpServer.getReceivedMessages())
                .filter(message -> {
                    try {
                        return message.getAllRecipients()[0].toString().equals(email);
                    } catch (Exception e) {
                        return false;
                    }
                })
                .findFirst().orElseThrow(() -> new AssertionError("no mail to " + email));
    }

    private Map<String, Object> outboxRow(String email) {
        return db.sql("select sent_at, failed_at, attempts, last_error, next_attempt_at, body from mail_outbox "
                        + "where recipient = :email")
                .bind("email", email).fetch().one().block();
    }
}
