package io.chronohook.dashboard.members;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

/** The members page as an owner (every control), an admin (no owner controls) and a viewer (none, and 403 on posts). */
class MembersPageTest extends PageTest {

    MembersPageTest() {
        super(BACKEND);
    }

    private static final String LINK = "http://localhost:8081/invitations/Zm9yIHlvdXIgZXllcyBvbmx5IGFuZCBub2JvZHkgZWxzZQ";
    private static final String ADMIN_ME = StubBackend.OWNER_ME.replace("\"role\":\"owner\"", "\"role\":\"admin\"");
    private static final String VIEWER_ME = StubBackend.OWNER_ME.replace("\"role\":\"owner\"", "\"role\":\"viewer\"")
            .replace("[\"admin\",\"jobs:read\",\"jobs:write\"]", "[\"jobs:read\"]");
    private static final AtomicReference<String> ME = new AtomicReference<>(StubBackend.OWNER_ME);
    private static final List<String> RECEIVED = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/me", (request, response) -> StubBackend.json(response, 200, ME.get()))
            .get("/api/v1/members/invitations", (request, response) -> StubBackend.json(response, 200, """
                    {"items":[
                      {"id":"inv_01","email":"new@acme.example","role":"admin","state":"pending",
                       "createdAt":"2026-11-20T10:00:00Z","expiresAt":"2026-11-27T10:00:00Z"},
                      {"id":"inv_02","email":"boss@acme.example","role":"owner","state":"expired",
                       "createdAt":"2026-11-01T10:00:00Z","expiresAt":"2026-11-08T10:00:00Z"}],
                     "nextCursor":null}"""))
            .get("/api/v1/members", (request, response) -> StubBackend.json(response, 200, """
                    {"items":[
                      {"id":"mem_02","email":"reader@acme.example","role":"viewer","createdAt":"2026-11-10T10:00:00Z"},
                      {"id":"mem_0000000000000000000000000000000b","email":"owner@acme.example","role":"owner",
                       "createdAt":"2026-11-01T10:00:00Z"}],
                     "nextCursor":null}"""))
            .post("/api/v1/members/invitations", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        RECEIVED.add("POST /api/v1/members/invitations " + body);
                        return Mono.from(body.contains("taken@")
                                ? StubBackend.json(response, 409, """
                                        {"status":409,"code":"email_taken","detail":"this email already belongs to a member of a tenant"}""")
                                : StubBackend.json(response, 201, """
                                        {"id":"inv_03","email":"fresh@acme.example","role":"viewer","state":"pending",
                                         "createdAt":"2026-11-23T06:00:00Z","expiresAt":"2026-11-30T06:00:00Z",
                                         "acceptLink":"%s"}""".formatted(LINK)));
                    }))
            .route(request -> request.method().name().equals("PATCH"), (request, response) -> request.receive()
                    .aggregate().asString().flatMap(body -> {
                        RECEIVED.add("PATCH " + request.uri() + " " + body);
                        return Mono.from(StubBackend.json(response, 200, """
                                {"id":"mem_02","email":"reader@acme.example","role":"admin"}"""));
                    }))
            .delete("/api/v1/members/invitations/{id}", (request, response) -> {
                RECEIVED.add("DELETE /api/v1/members/invitations/" + request.param("id"));
                return response.status(204).send();
            })
            .delete("/api/v1/members/{id}", (request, response) -> {
                RECEIVED.add("DELETE /api/v1/members/" + request.param("id"));
                return response.status(204).send();
            }));

    @BeforeEach
    void asOwner() {
        ME.set(StubBackend.OWNER_ME);
        RECEIVED.clear();
    }

    @Test
    void anOwnerSeesTheTeamTheOpenInvitationsAndEveryControl() {
        String page = client.page("/members", 200);

        assertThat(page)
                .contains("<strong>reader@acme.example</strong>")
                .contains("<strong>owner@acme.example</strong> <span class=\"muted\">(you)</span>")
                .contains("action=\"/members/mem_02/role\"").contains("action=\"/members/mem_02/remove\"")
                .as("the only owner cannot be demoted or removed")
                .contains("<span class=\"muted last-owner\"")
                .doesNotContain("action=\"/members/mem_0000000000000000000000000000000b/remove\"")
                .contains("<option value=\"owner\"")
                .contains("action=\"/members/invitations/inv_01/revoke\"")
                .contains("action=\"/members/invitations/inv_02/revoke\"")
                .contains("<span class=\"muted\">expired</span>")
                .contains("id=\"send-invitation\"")
                .contains("href=\"/members\" class=\"active\"");
    }

    @Test
    void anAdminSeesNoControlsOverOwnersAndCannotGrantOwner() {
        ME.set(ADMIN_ME);
        String page = client.page("/members", 200);

        assertThat(page)
                .contains("action=\"/members/mem_02/role\"")
                .doesNotContain("action=\"/members/mem_0000000000000000000000000000000b/role\"")
                .doesNotContain("action=\"/members/mem_0000000000000000000000000000000b/remove\"")
                .doesNotContain("<option value=\"owner\"")
                .contains("action=\"/members/invitations/inv_01/revoke\"")
                .doesNotContain("action=\"/members/invitations/inv_02/revoke\"");
    }

    @Test
    void invitingSendsTheEmailAndRoleAndShowsTheLinkWhenNoMailIsSent() {
        String answer = HtmlUtils.htmlUnescape(client.post("/members/invite",
                        Map.of("email", "fresh@acme.example", "role", "viewer"))
                .expectStatus().isCreated().expectBody(String.class).returnResult().getResponseBody());

        assertThat(RECEIVED).singleElement().asString()
                .contains("\"email\":\"fresh@acme.example\"").contains("\"role\":\"viewer\"");
        assertThat(answer).contains("id=\"new-invitation\"")
                .contains("id=\"accept-link\" class=\"mono\" readonly value=\"" + LINK + "\"");
        assertThat(client.page("/members", 200)).doesNotContain(LINK);
    }

    @Test
    void anInvitationTheBackendRefusesIsExplainedWithTheTypedValuesKept() {
        String answer = HtmlUtils.htmlUnescape(client.post("/members/invite",
                        Map.of("email", "taken@elsewhere.example", "role", "admin"))
                .expectStatus().isEqualTo(422).expectBody(String.class).returnResult().getResponseBody());

        assertThat(answer).contains("this email already belongs to a member of a tenant")
                .contains("value=\"taken@elsewhere.example\"")
                .containsPattern("<option value=\"admin\" selected\\s*>");
    }

    @Test
    void changingARoleRemovingAMemberAndRevokingAnInvitationGoThroughTheApi() {
        client.post("/members/mem_02/role", Map.of("role", "admin")).expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/members");
        client.post("/members/mem_02/remove", Map.of()).expectStatus().is3xxRedirection();
        client.post("/members/invitations/inv_01/revoke", Map.of()).expectStatus().is3xxRedirection();

        assertThat(RECEIVED).containsExactly("PATCH /api/v1/members/mem_02 {\"role\":\"admin\"}",
                "DELETE /api/v1/members/mem_02", "DELETE /api/v1/members/invitations/inv_01");
    }

    @Test
    void aViewerSeesTheTeamWithoutControlsAndIsRefusedWhenPostingAnyway() {
        ME.set(VIEWER_ME);
        String page = client.page("/members", 200);

        assertThat(page).contains("<strong>reader@acme.example</strong>").contains("new@acme.example")
                .doesNotContain("action=\"/members/mem_02/role\"").doesNotContain("remove-member")
                .doesNotContain("revoke-invitation").doesNotContain("id=\"send-invitation\"")
                .doesNotContain("<select");
        for (String path : List.of("/members/invite", "/members/mem_02/role", "/members/mem_02/remove",
                "/members/invitations/inv_01/revoke")) {
            String refused = HtmlUtils.htmlUnescape(client.post(path, Map.of("email", "x@acme.example",
                            "role", "admin"))
                    .expectStatus().isForbidden().expectBody(String.class).returnResult().getResponseBody());
            assertThat(refused).as(path).contains("Not allowed");
        }
        assertThat(RECEIVED).as("nothing reached the API").isEmpty();
    }
}
