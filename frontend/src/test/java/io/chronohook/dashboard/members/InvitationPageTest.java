package io.chronohook.dashboard.members;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.support.PageTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The page an invitation's link opens: choose a password, join, be signed in; a dead link says so. */
class InvitationPageTest extends PageTest {

    InvitationPageTest() {
        super(BACKEND);
    }

    private static final String TOKEN = "Zm9yIHlvdXIgZXllcyBvbmx5IGFuZCBub2JvZHkgZWxzZQ";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> RECEIVED = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .post("/api/v1/invitations/{token}/accept", (request, response) -> request.receive().aggregate()
                    .asString().flatMap(body -> {
                        RECEIVED.add("accept " + request.param("token") + " " + sorted(body));
                        return Mono.from(TOKEN.equals(request.param("token"))
                                ? StubBackend.json(response, 201, """
                                        {"memberId":"mem_09","tenantId":"ten_01","email":"new@acme.example",
                                         "role":"viewer"}""")
                                : StubBackend.json(response, 410, """
                                        {"status":410,"code":"invitation_expired",
                                         "detail":"this invitation has expired; ask for a new one"}"""));
                    }))
            .post("/api/v1/auth/token", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        RECEIVED.add("token " + sorted(body));
                        return Mono.from(StubBackend.json(response, 200,
                                "{\"accessToken\":\"new-member-token\",\"tokenType\":\"Bearer\",\"expiresIn\":3600}"));
                    })));

    /** The body with its fields in alphabetical order: a form's fields reach the API in no fixed order. */
    private static String sorted(String body) {
        return JSON.writeValueAsString(JSON.readValue(body, TreeMap.class));
    }

    @BeforeEach
    void clear() {
        RECEIVED.clear();
    }

    private WebTestClient.ResponseSpec submit(String token, String password, String confirm) {
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("password", password);
        form.add("confirm", confirm);
        form.add(CsrfFilter.FIELD, "csrf");
        return WebTestClient.bindToServer().baseUrl("http://localhost:" + port).defaultCookie(Cookies.CSRF, "csrf")
                .build().post().uri("/invitations/{token}", token).contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form)).exchange();
    }

    @Test
    void thePageAsksForAPasswordTwice() {
        String page = HtmlUtils.htmlUnescape(WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build()
                .get().uri("/invitations/{token}", TOKEN).exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());

        assertThat(page).contains("Join your team").contains("action=\"/invitations/" + TOKEN + "\"")
                .contains("name=\"password\"").contains("name=\"confirm\"");
    }

    @Test
    void joiningAcceptsTheInvitationSignsInAndGoesToTheJobs() {
        var result = submit(TOKEN, "correct horse battery", "correct horse battery")
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs")
                .returnResult(Void.class);

        assertThat(RECEIVED).containsExactly("accept " + TOKEN + " {\"password\":\"correct horse battery\"}",
                "token {\"email\":\"new@acme.example\",\"password\":\"correct horse battery\"}");
        assertThat(result.getResponseHeaders().get("Set-Cookie"))
                .anySatisfy(cookie -> assertThat(cookie).startsWith(Cookies.SESSION + "=new-member-token"));
    }

    @Test
    void passwordsThatDifferAreRefusedWithoutCallingTheApi() {
        String page = HtmlUtils.htmlUnescape(submit(TOKEN, "correct horse battery", "correct horse batterx")
                .expectStatus().isEqualTo(422).expectBody(String.class).returnResult().getResponseBody());

        assertThat(page).contains("does not match the password");
        assertThat(RECEIVED).isEmpty();
    }

    @Test
    void anExpiredLinkSaysSoAndOffersNoForm() {
        String page = HtmlUtils.htmlUnescape(submit("dead-link", "correct horse battery", "correct horse battery")
                .expectStatus().isEqualTo(410).expectBody(String.class).returnResult().getResponseBody());

        assertThat(page).contains("This invitation has expired; ask for a new one.")
                .doesNotContain("id=\"accept-invitation\"");
    }
}
