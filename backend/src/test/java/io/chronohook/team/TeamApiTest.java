package io.chronohook.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Members and invitations through the API: joining a tenant, the owner-only rules, and sessions that end at once. */
class TeamApiTest extends ApiTest {

    /** A member who joined through an invitation, with its id and a fresh access token. */
    record Joined(String memberId, String email, String token) {
        String bearer() {
            return "Bearer " + token;
        }
    }

    @Test
    void anInvitedViewerAcceptsSignsInAndListsTheTenantsJobs() {
        TestTenant tenant = signUp();
        String owner = "Bearer " + accessToken(tenant);
        createJob(tenant, "nightly-report");
        String email = "Viewer-" + UUID.randomUUID() + "@Example.com";

        Map<?, ?> invitation = invite(owner, email, "viewer").expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
        assertThat(invitation.get("email")).isEqualTo(email.toLowerCase());
        assertThat(invitation.get("role")).isEqualTo("viewer");
        assertThat(invitation.get("state")).isEqualTo("pending");
        assertThat((String) invitation.get("id")).startsWith("inv_");
        // No SMTP server in the tests: the inviter is shown the link to pass on.
        String link = (String) invitation.get("acceptLink");
        assertThat(link).startsWith("http://localhost:8081/invitations/");
        http.get().uri("/api/v1/members/invitations").header("Authorization", owner).exchange()
                .expectStatus().isOk().expectBody()
                .jsonPath("$.items[0].id").isEqualTo(invitation.get("id"))
                .jsonPath("$.items[0].acceptLink").doesNotExist()
                .jsonPath("$.nextCursor").isEmpty();

        http.post().uri("/api/v1/invitations/{token}/accept", token(link)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", PASSWORD)).exchange()
                .expectStatus().isCreated().expectBody()
                .jsonPath("$.tenantId").isEqualTo(tenant.tenantId())
                .jsonPath("$.email").isEqualTo(email.toLowerCase())
                .jsonPath("$.role").isEqualTo("viewer");
        String viewer = "Bearer " + signIn(email.toLowerCase());

        http.get().uri("/api/v1/jobs").header("Authorization", viewer).exchange()
                .expectStatus().isOk().expectBody().jsonPath("$.items[0].name").isEqualTo("nightly-report");
        http.get().uri("/api/v1/members").header("Authorization", viewer).exchange()
                .expectStatus().isOk().expectBody()
                .jsonPath("$.items.length()").isEqualTo(2)
                .jsonPath("$.items[0].email").isEqualTo(email.toLowerCase())
                .jsonPath("$.items[0].role").isEqualTo("viewer")
                .jsonPath("$.items[1].role").isEqualTo("owner")
                .jsonPath("$.nextCursor").isEmpty();
        http.get().uri("/api/v1/members/invitations").header("Authorization", owner).exchange()
                .expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void anInvitationWorksOnceAndARevokedOrReplacedOneNotAtAll() {
        TestTenant tenant = signUp();
        String owner = "Bearer " + accessToken(tenant);
        String email = "once-" + UUID.randomUUID() + "@example.com";
        String first = token(link(invite(owner, email, "admin")));
        String second = token(link(invite(owner, email, "admin")));

        expectAcceptRefused(first, 410, "invitation_revoked");
        accept(second).expectStatus().isCreated();
        expectAcceptRefused(second, 410, "invitation_used");
        expectAcceptRefused("x".repeat(43), 404, "invitation_not_found");
        expectAcceptRefused("short", 404, "invitation_not_found");

        String other = "revoked-" + UUID.randomUUID() + "@example.com";
        Map<?, ?> invited = invite(owner, other, "viewer").expectStatus().isCreated().expectBody(Map.class)
                .returnResult().getResponseBody();
        String id = (String) invited.get("id");
        http.delete().uri("/api/v1/members/invitations/{id}", id).header("Authorization", owner).exchange()
                .expectStatus().isNoContent();
        expectAcceptRefused(token((String) invited.get("acceptLink")), 410, "invitation_revoked");
        http.delete().uri("/api/v1/members/invitations/{id}", id).header("Authorization", owner).exchange()
                .expectStatus().isEqualTo(409).expectBody().jsonPath("$.code").isEqualTo("invitation_not_open");
        http.delete().uri("/api/v1/members/invitations/{id}", id)
                .header("Authorization", "Bearer " + accessToken(signUp())).exchange()
                .expectStatus().isNotFound();
        http.get().uri("/api/v1/members/invitations").header("Authorization", owner).exchange()
                .expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void anEmailThatIsAlreadyAMemberIsRefusedWithAClearConflict() {
        TestTenant tenant = signUp();
        TestTenant elsewhere = signUp();
        String owner = "Bearer " + accessToken(tenant);

        invite(owner, tenant.email(), "viewer").expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.code").isEqualTo("already_member");
        invite(owner, elsewhere.email(), "viewer").expectStatus().isEqualTo(409)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("email_taken");

        // Someone signs up with the invited email before accepting: the accept is refused, nothing is created.
        String email = "raced-" + UUID.randomUUID() + "@example.com";
        String token = token(link(invite(owner, email, "viewer")));
        http.post().uri("/api/v1/signup").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Other", "email", email, "password", PASSWORD)).exchange()
                .expectStatus().isCreated();
        expectAcceptRefused(token, 409, "email_taken");
        http.get().uri("/api/v1/members").header("Authorization", owner).exchange()
                .expectBody().jsonPath("$.items.length()").isEqualTo(1);
    }

    @Test
    void anAdminManagesAdminsAndViewersButNeitherOwnersNorThePlan() {
        TestTenant tenant = signUp();
        String owner = "Bearer " + accessToken(tenant);
        Joined admin = join(owner, "admin");
        Joined viewer = join(owner, "viewer");
        String ownerId = memberId(owner, tenant.email());

        invite(admin.bearer(), "o-" + UUID.randomUUID() + "@example.com", "owner").expectStatus().isForbidden()
                .expectBody().jsonPath("$.code").isEqualTo("owner_required");
        changeRole(admin.bearer(), viewer.memberId(), "owner").expectStatus().isForbidden();
        changeRole(admin.bearer(), ownerId, "viewer").expectStatus().isForbidden()
                .expectBody().jsonPath("$.code").isEqualTo("owner_required");
        http.delete().uri("/api/v1/members/{id}", ownerId).header("Authorization", admin.bearer()).exchange()
                .expectStatus().isForbidden();
        // Plans are assigned by the operator only: neither an admin nor an owner may.
        for (String member : List.of(admin.bearer(), owner)) {
            http.put().uri("/api/v1/operator/tenants/{id}/plan", tenant.tenantId()).header("Authorization", member)
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("plan", "free")).exchange()
                    .expectStatus().isForbidden()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        }
        // An API key, even with the admin scope, is no owner either.
        invite("Bearer " + tenant.apiKey(), "k-" + UUID.randomUUID() + "@example.com", "owner")
                .expectStatus().isForbidden();

        changeRole(admin.bearer(), viewer.memberId(), "admin").expectStatus().isOk()
                .expectBody().jsonPath("$.role").isEqualTo("admin")
                .jsonPath("$.id").isEqualTo(viewer.memberId())
                .jsonPath("$.createdAt").value(joined -> assertThat(Instant.parse((String) joined))
                        .isBefore(Instant.now().plusSeconds(1)));
        invite(admin.bearer(), "v-" + UUID.randomUUID() + "@example.com", "viewer").expectStatus().isCreated();
        http.delete().uri("/api/v1/members/{id}", viewer.memberId()).header("Authorization", admin.bearer())
                .exchange().expectStatus().isNoContent();

        changeRole(owner, admin.memberId(), "owner").expectStatus().isOk().expectBody().jsonPath("$.role")
                .isEqualTo("owner");
        changeRole(owner, admin.memberId(), "viewer").expectStatus().isOk();
        invite(owner, "o-" + UUID.randomUUID() + "@example.com", "owner").expectStatus().isCreated();
    }

    @Test
    void theLastOwnerCanBeNeitherDemotedNorRemovedUntilThereIsAnother() {
        TestTenant tenant = signUp();
        String owner = "Bearer " + accessToken(tenant);
        String ownerId = memberId(owner, tenant.email());

        changeRole(owner, ownerId, "admin").expectStatus().isEqualTo(409)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("last_owner");
        http.delete().uri("/api/v1/members/{id}", ownerId).header("Authorization", owner).exchange()
                .expectStatus().isEqualTo(409).expectBody().jsonPath("$.code").isEqualTo("last_owner");

        Joined second = join(owner, "owner");
        http.delete().uri("/api/v1/members/{id}", ownerId).header("Authorization", second.bearer()).exchange()
                .expectStatus().isNoContent();
        changeRole(second.bearer(), second.memberId(), "admin").expectStatus().isEqualTo(409);
        http.get().uri("/api/v1/members").header("Authorization", second.bearer()).exchange()
                .expectBody().jsonPath("$.items.length()").isEqualTo(1).jsonPath("$.items[0].role").isEqualTo("owner");
    }

    @Test
    void aRemovedMembersTokenIsRefusedAtOnceAndARoleChangeCountsFromTheNextRequest() {
        TestTenant tenant = signUp();
        String owner = "Bearer " + accessToken(tenant);
        Joined admin = join(owner, "admin");

        http.get().uri("/api/v1/api-keys").header("Authorization", admin.bearer()).exchange().expectStatus().isOk();
        changeRole(owner, admin.memberId(), "viewer").expectStatus().isOk();
        http.get().uri("/api/v1/api-keys").header("Authorization", admin.bearer()).exchange()
                .expectStatus().isForbidden();
        http.get().uri("/api/v1/me").header("Authorization", admin.bearer()).exchange()
                .expectBody().jsonPath("$.member.role").isEqualTo("viewer").jsonPath("$.scopes")
                .isEqualTo(List.of("jobs:read"));

        http.delete().uri("/api/v1/members/{id}", admin.memberId()).header("Authorization", owner).exchange()
                .expectStatus().isNoContent();
        http.get().uri("/api/v1/jobs").header("Authorization", admin.bearer()).exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        http.post().uri("/api/v1/auth/token").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", admin.email(), "password", PASSWORD)).exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void everyInvitationAndMembershipChangeIsAudited() {
        TestTenant tenant = signUp();
        String owner = "Bearer " + accessToken(tenant);
        Joined viewer = join(owner, "viewer");
        changeRole(owner, viewer.memberId(), "admin").expectStatus().isOk();
        http.delete().uri("/api/v1/members/{id}", viewer.memberId()).header("Authorization", owner).exchange()
                .expectStatus().isNoContent();
        String revoked = (String) invite(owner, "r-" + UUID.randomUUID() + "@example.com", "viewer")
                .expectBody(Map.class).returnResult().getResponseBody().get("id");
        http.delete().uri("/api/v1/members/invitations/{id}", revoked).header("Authorization", owner).exchange()
                .expectStatus().isNoContent();

        List<?> events = (List<?>) http.get().uri("/api/v1/audit").header("Authorization", owner).exchange()
                .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody().get("items");
        assertThat(events.stream().map(event -> (String) ((Map<?, ?>) event).get("action")).toList()).containsSubsequence(
                "invitation.revoked", "invitation.created", "member.removed", "member.role_changed",
                "invitation.accepted", "invitation.created");
        Map<?, ?> accepted = events.stream().map(event -> (Map<?, ?>) event)
                .filter(event -> "invitation.accepted".equals(event.get("action"))).findFirst().orElseThrow();
        assertThat(((Map<?, ?>) accepted.get("actor")).get("id")).isEqualTo(viewer.memberId());
        Map<?, ?> changed = events.stream().map(event -> (Map<?, ?>) event)
                .filter(event -> "member.role_changed".equals(event.get("action"))).findFirst().orElseThrow();
        assertThat(changed.get("details")).isEqualTo(Map.of("email", viewer.email(), "from", "viewer", "to", "admin"));
    }

    @Test
    void badRolesAndEmailsAreNamedInTheProblem() {
        String owner = "Bearer " + accessToken(signUp());

        invite(owner, "not-an-email", "viewer").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("email");
        invite(owner, "x-" + UUID.randomUUID() + "@example.com", "superuser").expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("role");
        http.post().uri("/api/v1/invitations/{token}/accept", "x".repeat(43)).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", "short")).exchange()
                .expectStatus().isBadRequest().expectBody().jsonPath("$.errors[0].field").isEqualTo("password");
    }

    // --- helpers

    private Joined join(String inviter, String role) {
        String email = role + "-" + UUID.randomUUID() + "@example.com";
        accept(token(link(invite(inviter, email, role)))).expectStatus().isCreated();
        String token = signIn(email);
        return new Joined(memberId("Bearer " + token, email), email, token);
    }

    private WebTestClient.ResponseSpec invite(String bearer, String email, String role) {
        return http.post().uri("/api/v1/members/invitations").header("Authorization", bearer)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("email", email, "role", role)).exchange();
    }

    private WebTestClient.ResponseSpec accept(String token) {
        return http.post().uri("/api/v1/invitations/{token}/accept", token).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("password", PASSWORD)).exchange();
    }

    private void expectAcceptRefused(String token, int status, String code) {
        accept(token).expectStatus().isEqualTo(status)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo(code);
    }

    private WebTestClient.ResponseSpec changeRole(String bearer, String memberId, String role) {
        return http.patch().uri("/api/v1/members/{id}", memberId).header("Authorization", bearer)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("role", role)).exchange();
    }

    private String signIn(String email) {
        return (String) http.post().uri("/api/v1/auth/token").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", email, "password", PASSWORD)).exchange()
                .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody().get("accessToken");
    }

    private String memberId(String bearer, String email) {
        List<?> items = (List<?>) http.get().uri("/api/v1/members").header("Authorization", bearer).exchange()
                .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody().get("items");
        return items.stream().map(item -> (Map<?, ?>) item).filter(item -> email.equals(item.get("email")))
                .map(item -> (String) item.get("id")).findFirst().orElseThrow();
    }

    private static String link(WebTestClient.ResponseSpec invited) {
        return (String) invited.expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody()
                .get("acceptLink");
    }

    static String token(String link) {
        return link.substring(link.lastIndexOf('/') + 1);
    }

    private void createJob(TestTenant tenant, String name) {
        http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", name, "schedule", Map.of("type", "cron", "cron", "0 2 * * *"),
                        "target", Map.of("url", "http://127.0.0.1:9/hook")))
                .exchange().expectStatus().isCreated();
    }
}
