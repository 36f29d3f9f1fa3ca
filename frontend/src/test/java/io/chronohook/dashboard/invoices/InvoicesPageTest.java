package io.chronohook.dashboard.invoices;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import org.junit.jupiter.api.Test;

class InvoicesPageTest extends PageTest {

    InvoicesPageTest() {
        super(BACKEND);
    }

    static final String OPEN = """
            {"month":"2026-11","status":"open","plan":"pro","planName":"Pro","monthlyPriceCents":2900,
             "includedExecutions":1000000,"executions":48210,"attempts":49001,"egressBytes":1234,
             "overageExecutions":0,"overageCentsPer1000":50,"overageCents":0,"totalCents":2900,"closedAt":null,
             "discountCents":0}""";
    static final String CLOSED_OCTOBER = """
            {"month":"2026-10","status":"closed","plan":"pro","planName":"Pro","monthlyPriceCents":2900,
             "includedExecutions":1000000,"executions":1234567,"attempts":1300000,"egressBytes":987654321,
             "overageExecutions":234567,"overageCentsPer1000":50,"overageCents":11750,"totalCents":14650,
             "closedAt":"2026-11-01T00:10:00Z"}""";
    static final String CLOSED_SEPTEMBER = """
            {"month":"2026-09","status":"closed","plan":"free","planName":"Free","monthlyPriceCents":0,
             "includedExecutions":10000,"executions":9876,"attempts":10020,"egressBytes":55555,
             "overageExecutions":0,"overageCentsPer1000":0,"overageCents":0,"totalCents":0,
             "closedAt":"2026-10-01T00:10:00Z"}""";

    private static final AtomicReference<String> LIST = new AtomicReference<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/invoices", (request, response) -> StubBackend.json(response, 200, LIST.get())));

    private String invoicesPage(String... items) {
        LIST.set("{\"items\":[" + String.join(",", items) + "],\"nextCursor\":null}");
        return client.page("/invoices", 200);
    }

    private static String row(String page, String month) {
        int start = page.indexOf("<tr id=\"invoice-" + month + "\"");
        assertThat(start).as("row of " + month).isNotNegative();
        return page.substring(start, page.indexOf("</tr>", start));
    }

    @Test
    void listsTheOpenMonthAsAPreviewAndTheClosedOnesNewestFirst() {
        String page = invoicesPage(OPEN, CLOSED_OCTOBER, CLOSED_SEPTEMBER);

        assertThat(page.indexOf("id=\"invoice-2026-11\"")).isPositive()
                .isLessThan(page.indexOf("id=\"invoice-2026-10\""));
        assertThat(page.indexOf("id=\"invoice-2026-10\"")).isLessThan(page.indexOf("id=\"invoice-2026-09\""));
        assertThat(row(page, "2026-11"))
                .contains("<th scope=\"row\" class=\"nowrap\">November 2026</th>")
                .contains("<span class=\"badge invoice-open\">Open</span><span class=\"sub\">preview, so far</span>")
                .contains("<td data-label=\"Plan\">Pro</td>")
                .contains("48,210<span class=\"sub\">of 1,000,000 included</span>")
                .contains("<strong>$29.00</strong>")
                .contains("<span class=\"muted\">not yet</span>");
        assertThat(row(page, "2026-09"))
                .contains("September 2026")
                .contains("<span class=\"badge invoice-closed\">Closed</span>")
                .doesNotContain("preview")
                .contains("<td data-label=\"Plan\">Free</td>")
                .contains("<strong>$0.00</strong>");
        assertThat(page).doesNotContain("id=\"no-closed-invoices\"");
    }

    @Test
    void aClosedInvoiceShowsItsFiguresFormattedAndWhenItWasClosed() {
        String row = row(invoicesPage(OPEN, CLOSED_OCTOBER), "2026-10");

        assertThat(row)
                .contains("October 2026")
                .contains("<td data-label=\"Executions\" class=\"num\">1,234,567<span class=\"sub\">of 1,000,000 included</span></td>")
                .contains("<td data-label=\"Overage executions\" class=\"num\">234,567</td>")
                .contains("<td data-label=\"Plan fee\" class=\"num\">$29.00</td>")
                .contains("<td data-label=\"Overage\" class=\"num\">$117.50<span class=\"sub\">$0.50 per 1,000</span></td>")
                .contains("<td data-label=\"Total\" class=\"num invoice-total\"><strong>$146.50</strong></td>")
                .contains("<time datetime=\"2026-11-01T00:10:00Z\" title=\"2026-11-01T00:10:00Z (UTC)\">1 Nov 2026, 00:10:00</time>");
    }

    @Test
    void everyRowLinksToItsMonthAsCsvAndJsonAndThePageToTheWholeList() {
        String page = invoicesPage(OPEN, CLOSED_OCTOBER);

        assertThat(row(page, "2026-10"))
                .contains("<a href=\"/invoices/2026-10.csv\" download aria-label=\"Download the October 2026 invoice as CSV\">CSV</a>")
                .contains("<a href=\"/invoices/2026-10.json\" download aria-label=\"Download the October 2026 invoice as JSON\">JSON</a>");
        assertThat(row(page, "2026-11"))
                .contains("href=\"/invoices/2026-11.csv\"")
                .contains("href=\"/invoices/2026-11.json\"");
        assertThat(page)
                .contains("id=\"export-csv\" href=\"/invoices/export.csv\" download>Download all (CSV)</a>")
                .contains("id=\"export-json\" href=\"/invoices/export.json\" download>Download all (JSON)</a>");
    }

    @Test
    void withoutClosedMonthsTheOpenOneIsStillListedAndThePageSaysWhenTheFirstCloses() {
        String page = invoicesPage(OPEN);

        assertThat(row(page, "2026-11")).contains("November 2026").contains("invoice-open");
        assertThat(page.split("<tr id=\"invoice-", -1)).hasSize(2);
        assertThat(page).contains("id=\"no-closed-invoices\">No month has been closed yet");
    }

    @Test
    void theSidebarLinksToInvoicesRightAfterUsageAndMarksItAsTheCurrentPage() {
        String page = invoicesPage(OPEN);
        String nav = page.substring(page.indexOf("<nav>"), page.indexOf("</nav>"));

        assertThat(Pattern.compile("href=\"([^\"]+)\"").matcher(nav).results().map(link -> link.group(1)))
                .containsSequence("/usage", "/invoices");
        assertThat(nav).contains("<a href=\"/invoices\" class=\"active\" aria-current=\"page\">Invoices</a>");
        assertThat(page).contains("<title>Invoices · Chronohook</title>");
    }
}
