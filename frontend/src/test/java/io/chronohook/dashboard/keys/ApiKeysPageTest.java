package io.chronohook.dashboard.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

class ApiKeysPageTest extends PageTest {

    ApiKeysPageTest() {
        super(BACKEND);
    }

    private static final String NEW_KEY = "chk_9f8e7d6c_Zm9yIHlvdXIgZXllcyBvbmx5";
    private static final List<String> RECEIVED = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/api-keys", (request, response) -> StubBackend.json(response, 200, """
                    {"items":[
                      {"id":"key_01","name":"billing worker","prefix":"chk_ab12cd34","scopes":["jobs:read","jobs:write"],
                       "createdAt":"2026-11-01T10:00:00Z","lastUsedAt":"2026-11-20T08:30:00Z"},
                      {"id":"key_02","name":"ci deploys","prefix":"chk_ef56gh78","scopes":["admin"],
                       "createdAt":"2026-11-02T10:00:00Z","lastUsedAt":null}],
                     "nextCursor":null}"""))
            .post("/api/v1/api-keys", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        RECEIVED.add("POST /api/v1/api-keys " + body);
                        return Mono.from(body.contains("\"name\":\"bad name\"")
                                ? StubBackend.json(response, 400, """
                                        {"status":400,"code":"invalid_request","detail":"1 field is invalid",
                                         "errors":[{"field":"name","message":"is already used by another key"}]}""")
                                : StubBackend.json(response, 201, """
                                        {"id":"key_03","name":"deploy bot","prefix":"chk_9f8e7d6c",
                                         "scopes":["admin","jobs:read"],"createdAt":"2026-11-23T06:00:00Z",
                                         "lastUsedAt":null,"apiKey":"%s"}""".formatted(NEW_KEY)));
                    }))
            .delete("/api/v1/api-keys/{id}", (request, response) -> {
                RECEIVED.add("DELETE /api/v1/api-keys/" + request.param("id"));
                return "key_gone".equals(request.param("id"))
                        ? StubBackend.json(response, 404, "{\"status\":404,\"code\":\"not_found\",\"detail\":\"no such key\"}")
                        : response.status(204).send();
            }));

    @BeforeEach
    void signIn() {
        RECEIVED.clear();
    }

    private String create(int status, String name, String... scopes) {
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("name", name);
        for (String scope : scopes) {
            form.add("scopes", scope);
        }
        form.add(CsrfFilter.FIELD, SignedInClient.CSRF);
        return HtmlUtils.htmlUnescape(client.raw().post().uri("/api-keys")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form)).exchange()
                .expectStatus().isEqualTo(status)
                .expectBody(String.class).returnResult().getResponseBody());
    }

    @Test
    void theListShowsEachKeysNamePrefixScopesAndLastUseWithARevokeButton() {
        String page = client.page("/api-keys", 200);

        assertThat(page)
                .contains("<strong>billing worker</strong>")
                .contains("<span class=\"mono nowrap\">chk_ab12cd34…</span>")
                .contains("<span class=\"scope-chip mono\">jobs:read</span><span class=\"scope-chip mono\">jobs:write</span>")
                .contains("datetime=\"2026-11-20T08:30:00Z\"")
                .contains("<span class=\"muted\">never</span>")
                .contains("action=\"/api-keys/key_02/revoke\"")
                .contains("class=\"button danger small revoke-key\"");
    }

    @Test
    void creatingAKeySendsItsNameAndScopesAndShowsTheKeyOnlyInThatAnswer() {
        String answer = create(201, "deploy bot", "jobs:read", "admin");

        assertThat(RECEIVED).singleElement().asString()
                .contains("\"name\":\"deploy bot\"").contains("\"scopes\":[\"jobs:read\",\"admin\"]");
        assertThat(answer)
                .contains("id=\"new-key\"")
                .contains("id=\"new-key-value\" class=\"mono\" readonly value=\"" + NEW_KEY + "\"")
                .contains("data-copy=\"#new-key-value\"")
                .contains("shown only this once");
        assertThat(client.page("/api-keys", 200)).doesNotContain(NEW_KEY).doesNotContain("id=\"new-key\"");
    }

    @Test
    void revokingAKeyDeletesItInTheBackendAndSaysSoOnTheList() {
        String flash = client.post("/api-keys/key_01/revoke", Map.of())
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/api-keys")
                .returnResult(Void.class).getResponseHeaders().get("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith(Cookies.FLASH + "=")).findFirst().orElseThrow();

        assertThat(RECEIVED).containsExactly("DELETE /api/v1/api-keys/key_01");
        assertThat(URLDecoder.decode(flash, StandardCharsets.UTF_8)).contains("Key revoked.");
    }

    @Test
    void revokingAKeyTheBackendDoesNotKnowShowsTheNotFoundPageAndClaimsNothing() {
        var result = client.post("/api-keys/key_gone/revoke", Map.of())
                .expectStatus().isNotFound()
                .expectBody(String.class).returnResult();

        assertThat(HtmlUtils.htmlUnescape(result.getResponseBody())).contains("<h1>Not found</h1>");
        assertThat(result.getResponseHeaders().getOrEmpty("Set-Cookie"))
                .noneSatisfy(cookie -> assertThat(cookie).contains("revoked"));
    }

    @Test
    void aNameTheBackendRefusesIsShownNextToTheNameFieldWithTheTypedValuesKept() {
        String page = create(422, "bad name", "jobs:write");

        assertThat(page)
                .contains("<p class=\"field-error\" id=\"key-name-error\">is already used by another key</p>")
                .contains("value=\"bad name\"")
                .contains("aria-invalid=\"true\"")
                .containsPattern("id=\"scope-jobs-write\" name=\"scopes\" value=\"jobs:write\" checked\\s*>")
                .containsPattern("id=\"scope-jobs-read\" name=\"scopes\" value=\"jobs:read\"\\s*>")
                .doesNotContain("id=\"new-key\"");
    }
}
