package io.chronohook.dashboard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.util.HtmlUtils;

class AuditPageTest extends PageTest {

    AuditPageTest() {
        super(BACKEND);
    }

    private static final String FIRST_PAGE = """
            {"items":[
              {"id":"aud_05","at":"2026-11-22T10:05:00Z","actor":{"type":"member","id":"mem_01","email":"ada@acme.example"},"action":"job.created",
               "target":{"type":"job","id":"job_01"},"details":{"name":"nightly report"}},
              {"id":"aud_04","at":"2026-11-22T10:04:00Z","actor":{"type":"api_key","id":"key_07","name":"ci deploys"},"action":"run.replayed",
               "target":{"type":"run","id":"run_02"},"details":{}},
              {"id":"aud_03","at":"2026-11-22T10:03:00Z","actor":{"type":"member","id":"mem_01"},"action":"api_key.revoked",
               "target":{"type":"api_key","id":"key_03"},"details":{}},
              {"id":"aud_02","at":"2026-11-22T10:02:00Z","actor":{"type":"operator","id":"operator"},"action":"plan.changed",
               "target":{"type":"tenant","id":"ten_01"},"details":{"from":"free","to":"pro"}},
              {"id":"aud_01","at":"2026-11-22T10:01:00Z","actor":{"type":"member","id":"mem_01"},
               "action":"signing_secret.rotated","target":{"type":"signing_secret","id":null},
               "details":{"gracePeriod":"PT24H"}},
              {"id":"aud_00","at":"2026-11-22T10:00:00Z","actor":{"type":"system","id":null},"action":"job.triggered",
               "target":{"type":"job","id":"job_01"},"details":{"run":"run_09"}},
              {"id":"aud_x","at":"2026-11-22T09:00:00Z","actor":{"type":"member","id":"mem_01"},"action":"widget.polished",
               "target":{"type":"widget","id":"w_1"},"details":{"scopes":["jobs:read","admin"]}},
              {"id":"aud_y","at":"2026-11-22T08:00:00Z","actor":{"type":"member","id":"mem_01a2071c204973b698aa7597858281f4"},
               "action":"job.deleted","target":{"type":"job","id":"job_01a2071c252e71979754f0c175c5f43e"},"details":{}}],
             "nextCursor":"c2/next+page"}""";

    private static final List<String> QUERIES = new CopyOnWriteArrayList<>();
    private static final AtomicReference<String> FIRST = new AtomicReference<>(FIRST_PAGE);

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/audit", (request, response) -> {
                String uri = request.uri();
                QUERIES.add(uri.substring(uri.indexOf('?') + 1));
                return StubBackend.json(response, 200, uri.contains("cursor=")
                        ? "{\"items\":[],\"nextCursor\":null}" : FIRST.get());
            }));

    @BeforeEach
    void signIn() {
        QUERIES.clear();
        FIRST.set(FIRST_PAGE);
    }

    @Test
    void knownActionsAreShownInWordsWithTheRawActionInTheTitle() {
        assertThat(client.page("/audit", 200))
                .contains("<span class=\"audit-action\" title=\"job.created\">Job created</span>")
                .contains("<span class=\"audit-action\" title=\"run.replayed\">Run replayed</span>")
                .contains("<span class=\"audit-action\" title=\"api_key.revoked\">API key revoked</span>")
                .contains("<span class=\"audit-action\" title=\"plan.changed\">Plan changed</span>")
                .contains("<span class=\"audit-action\" title=\"signing_secret.rotated\">Signing secret rotated</span>")
                .contains("<span class=\"audit-action\" title=\"widget.polished\">widget.polished</span>");
    }

    @Test
    void jobAndRunTargetsLinkToTheirPagesAndOtherTargetsDoNot() {
        assertThat(client.page("/audit", 200))
                .contains("<a class=\"mono\" href=\"/jobs/job_01\" title=\"job_01\">job_01</a>")
                .contains("<a class=\"mono\" href=\"/runs/run_02\" title=\"run_02\">run_02</a>")
                .contains("<span class=\"mono\" title=\"key_03\">key_03</span>")
                .contains("<span class=\"muted\">signing secret</span>")
                .doesNotContain("href=\"/api_key");
    }

    @Test
    void membersAreShownByEmailAndApiKeysByNameBesideTheirIds() {
        assertThat(client.page("/audit", 200))
                .contains("Member <strong class=\"actor-name\">ada@acme.example</strong><span class=\"sub mono\" "
                        + "title=\"mem_01\">mem_01</span>")
                .contains("API key <strong class=\"actor-name\">ci deploys</strong><span class=\"sub mono\" "
                        + "title=\"key_07\">key_07</span>")
                .contains("Operator<span class=\"sub mono\" title=\"operator\">operator</span>");
    }

    @Test
    void theActorAndTheDetailsAreShownCompactly() {
        assertThat(client.page("/audit", 200))
                .contains("<dt>from</dt><dd>free</dd>")
                .contains("<dt>to</dt><dd>pro</dd>")
                .contains("<dt>gracePeriod</dt><dd>PT24H</dd>")
                .contains("<dt>run</dt><dd><a class=\"mono\" href=\"/runs/run_09\" title=\"run_09\">run_09</a></dd>")
                .contains("<dt>scopes</dt><dd>jobs:read, admin</dd>")
                .contains("datetime=\"2026-11-22T10:05:00Z\"");
    }

    @Test
    void theNextPageLinkCarriesTheBackendsCursor() {
        String first = client.page("/audit", 200);
        String last = HtmlUtils.htmlUnescape(client.raw().get().uri(URI.create("http://localhost:" + port + "/audit?cursor=c2%2Fnext%2Bpage"))
                .exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());

        assertThat(first).contains("href=\"/audit?cursor=c2%2Fnext%2Bpage\" rel=\"next\"");
        assertThat(QUERIES).containsExactly("limit=50", "limit=50&cursor=c2%2Fnext%2Bpage");
        assertThat(last).contains("No more events").contains("First page").doesNotContain("rel=\"next\"");
    }

    @Test
    void anEmptyLogSaysNothingWasRecordedYet() {
        FIRST.set("{\"items\":[],\"nextCursor\":null}");

        assertThat(client.page("/audit", 200))
                .contains("<h2>Nothing recorded yet</h2>")
                .doesNotContain("<table")
                .doesNotContain("First page");
    }

    @Test
    void longIdsAreShortenedWithTheWholeIdInTheTitle() {
        assertThat(client.page("/audit", 200))
                .contains("<a class=\"mono\" href=\"/jobs/job_01a2071c252e71979754f0c175c5f43e\" "
                        + "title=\"job_01a2071c252e71979754f0c175c5f43e\">job_01a2071c25…5f43e</a>")
                .contains("title=\"mem_01a2071c204973b698aa7597858281f4\">mem_01a2071c20…281f4</span>");
    }
}
