package io.chronohook.dashboard.invoices;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

class InvoiceDownloadsTest extends PageTest {

    InvoiceDownloadsTest() {
        super(BACKEND);
    }

    private static final String CSV_HEADER = "month,status,plan,monthly_price_cents,included_executions,executions,"
            + "attempts,egress_bytes,overage_executions,overage_cents_per_1000,overage_cents,total_cents,closed_at\r\n";
    private static final String OCTOBER_CSV = CSV_HEADER
            + "2026-10,closed,pro,2900,1000000,1234567,1300000,987654321,234567,50,11750,14650,2026-11-01T00:10:00Z\r\n";
    private static final String ALL_CSV = CSV_HEADER
            + "2026-11,open,pro,2900,1000000,48210,49001,1234,0,50,0,2900,\r\n"
            + "2026-10,closed,pro,2900,1000000,1234567,1300000,987654321,234567,50,11750,14650,2026-11-01T00:10:00Z\r\n";
    private static final String ALL_JSON = "{\"items\":[" + InvoicesPageTest.OPEN + ","
            + InvoicesPageTest.CLOSED_OCTOBER + "],\"nextCursor\":null}";

    /** What the dashboard asked the backend for: the path with its query, and the bearer token it sent. */
    private record Call(String uri, String authorization) {
    }

    private static final List<Call> CALLS = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/invoices", (request, response) -> {
                CALLS.add(new Call(request.uri(), request.requestHeaders().get(HttpHeaders.AUTHORIZATION)));
                return request.uri().contains("format=csv") ? csv(response, "invoices.csv", ALL_CSV)
                        : StubBackend.json(response, 200, ALL_JSON);
            })
            .get("/api/v1/invoices/{month}", (request, response) -> {
                CALLS.add(new Call(request.uri(), request.requestHeaders().get(HttpHeaders.AUTHORIZATION)));
                if (!"2026-10".equals(request.param("month"))) {
                    return StubBackend.json(response, 404, """
                            {"status":404,"code":"not_found","detail":"invoice %s (none was closed for that month)"}"""
                            .formatted(request.param("month")));
                }
                return request.uri().contains("format=csv") ? csv(response, "invoice-2026-10.csv", OCTOBER_CSV)
                        : StubBackend.json(response, 200, InvoicesPageTest.CLOSED_OCTOBER);
            }));

    private static Publisher<Void> csv(HttpServerResponse response, String filename, String body) {
        return response.status(200)
                .header("content-type", "text/csv;charset=UTF-8")
                .header("content-disposition", "attachment; filename=\"" + filename + "\"")
                .sendString(Mono.just(body), StandardCharsets.UTF_8);
    }

    @BeforeEach
    void forgetCalls() {
        CALLS.clear();
    }

    private EntityExchangeResult<byte[]> download(String path) {
        return client.raw().get().uri(path).exchange()
                .expectStatus().isOk()
                .expectBody(byte[].class).returnResult();
    }

    private static String text(EntityExchangeResult<byte[]> result) {
        return new String(result.getResponseBody(), StandardCharsets.UTF_8);
    }

    @Test
    void oneMonthAsCsvIsTheBackendsExportAsAnAttachment() {
        EntityExchangeResult<byte[]> result = download("/invoices/2026-10.csv");

        assertThat(text(result)).isEqualTo(OCTOBER_CSV);
        HttpHeaders headers = result.getResponseHeaders();
        assertThat(headers.getFirst(HttpHeaders.CONTENT_TYPE)).isEqualTo("text/csv;charset=UTF-8");
        assertThat(headers.getFirst(HttpHeaders.CONTENT_DISPOSITION))
                .isEqualTo("attachment; filename=\"invoice-2026-10.csv\"");
        assertThat(headers.getFirst("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(headers.getCacheControl()).isEqualTo("no-store");
        assertThat(CALLS).containsExactly(
                new Call("/api/v1/invoices/2026-10?format=csv", "Bearer " + SignedInClient.TOKEN));
    }

    @Test
    void oneMonthAsJsonIsTheBackendsDocumentAsAnAttachment() {
        EntityExchangeResult<byte[]> result = download("/invoices/2026-10.json");

        assertThat(text(result)).isEqualTo(InvoicesPageTest.CLOSED_OCTOBER);
        assertThat(result.getResponseHeaders().getFirst(HttpHeaders.CONTENT_TYPE)).isEqualTo("application/json");
        assertThat(result.getResponseHeaders().getFirst(HttpHeaders.CONTENT_DISPOSITION))
                .isEqualTo("attachment; filename=\"invoice-2026-10.json\"");
        assertThat(CALLS).containsExactly(new Call("/api/v1/invoices/2026-10", "Bearer " + SignedInClient.TOKEN));
    }

    @Test
    void everyInvoiceDownloadsAsCsvOrJsonWithTheListsFileName() {
        EntityExchangeResult<byte[]> csv = download("/invoices/export.csv");
        EntityExchangeResult<byte[]> json = download("/invoices/export.json");

        assertThat(text(csv)).isEqualTo(ALL_CSV);
        assertThat(csv.getResponseHeaders().getFirst(HttpHeaders.CONTENT_TYPE)).isEqualTo("text/csv;charset=UTF-8");
        assertThat(csv.getResponseHeaders().getFirst(HttpHeaders.CONTENT_DISPOSITION))
                .isEqualTo("attachment; filename=\"invoices.csv\"");
        assertThat(text(json)).isEqualTo(ALL_JSON);
        assertThat(json.getResponseHeaders().getFirst(HttpHeaders.CONTENT_TYPE)).isEqualTo("application/json");
        assertThat(json.getResponseHeaders().getFirst(HttpHeaders.CONTENT_DISPOSITION))
                .isEqualTo("attachment; filename=\"invoices.json\"");
        assertThat(CALLS).extracting(Call::uri).containsExactly("/api/v1/invoices?format=csv", "/api/v1/invoices");
    }

    @Test
    void aMalformedMonthIsTheNotFoundPageAndNeverReachesTheBackend() {
        for (String path : List.of("/invoices/2026-13.csv", "/invoices/2026-1.json", "/invoices/october.csv",
                "/invoices/26-10.json", "/invoices/2026-10-01.csv", "/invoices/2026-00.json")) {
            String page = client.page(path, 404);

            assertThat(page).as(path).contains("<h1>Not found</h1>").contains("Error 404");
        }
        assertThat(CALLS).isEmpty();
    }

    @Test
    void aMonthWithoutAnInvoiceIsTheNotFoundPage() {
        String page = client.page("/invoices/2025-01.csv", 404);

        assertThat(page).contains("<h1>Not found</h1>");
        assertThat(CALLS).extracting(Call::uri).containsExactly("/api/v1/invoices/2025-01?format=csv");
    }

    @Test
    void aDownloadWithoutASessionAsksForASignInThatComesBackToIt() {
        WebTestClient anonymous = WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build();

        anonymous.get().uri("/invoices/2026-10.csv").exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals(HttpHeaders.LOCATION, "/login?next=%2Finvoices%2F2026-10.csv");
        assertThat(CALLS).isEmpty();
    }
}
