package io.chronohook.dashboard.invoices;

import java.time.YearMonth;
import java.util.regex.Pattern;

import io.chronohook.dashboard.backend.InvoiceApi;
import io.chronohook.dashboard.backend.InvoiceApi.Format;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.NotFound;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.CacheControl;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /invoices}: every invoice with its downloads. The browser holds no API token, so the downloads
 * ({@code /invoices/export.csv|json}, {@code /invoices/{YYYY-MM}.csv|json}) are fetched from the API with the session's
 * token and handed on as attachments; a malformed month, or one without an invoice, is the 404 page.
 */
@Controller
public class InvoicesController {

    private static final Pattern MONTH = Pattern.compile("[0-9]{4}-(0[1-9]|1[0-2])");

    private final InvoiceApi invoices;
    private final Pages pages;

    public InvoicesController(InvoiceApi invoices, Pages pages) {
        this.invoices = invoices;
        this.pages = pages;
    }

    @GetMapping("/invoices")
    public Mono<Rendering> invoices(Session session, ServerWebExchange exchange) {
        return pages.render(exchange, session, Nav.INVOICES, "invoices/list", "Invoices · Chronohook",
                invoices.list(session.token()).map(listing -> new InvoicesPage(listing.items())));
    }

    @GetMapping("/invoices/export.csv")
    public Mono<ResponseEntity<byte[]>> exportCsv(Session session) {
        return export(session, Format.CSV);
    }

    @GetMapping("/invoices/export.json")
    public Mono<ResponseEntity<byte[]>> exportJson(Session session) {
        return export(session, Format.JSON);
    }

    @GetMapping("/invoices/{month}.csv")
    public Mono<ResponseEntity<byte[]>> monthCsv(@PathVariable String month, Session session) {
        return export(session, month, Format.CSV);
    }

    @GetMapping("/invoices/{month}.json")
    public Mono<ResponseEntity<byte[]>> monthJson(@PathVariable String month, Session session) {
        return export(session, month, Format.JSON);
    }

    private Mono<ResponseEntity<byte[]>> export(Session session, Format format) {
        return invoices.export(session.token(), format).map(bytes -> attachment(bytes, format, "invoices"));
    }

    private Mono<ResponseEntity<byte[]>> export(Session session, String month, Format format) {
        // Checked here so that a mangled link never reaches the API, whose answer to it would be a 400.
        if (!MONTH.matcher(month).matches()) {
            return Mono.error(new NotFound("invoice month " + month));
        }
        YearMonth which = YearMonth.parse(month);
        return invoices.export(session.token(), which, format)
                .map(bytes -> attachment(bytes, format, "invoice-" + which));
    }

    private static ResponseEntity<byte[]> attachment(byte[] bytes, Format format, String name) {
        return ResponseEntity.ok()
                .contentType(format.mediaType())
                .header(HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(name + "." + format.extension()).build().toString())
                .header("X-Content-Type-Options", "nosniff")
                // An open invoice changes by the minute and every one is the tenant's own: nothing may keep a copy.
                .cacheControl(CacheControl.noStore())
                .body(bytes);
    }
}
