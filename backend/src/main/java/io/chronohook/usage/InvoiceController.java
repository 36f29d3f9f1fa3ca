package io.chronohook.usage;

import io.chronohook.access.Caller;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Invoices: {@code GET /api/v1/invoices} lists the current month's (open, a preview) and every closed one, newest
 * first; {@code GET /api/v1/invoices/{month}} one month ({@code YYYY-MM}). Both export as CSV with
 * {@code ?format=csv} (JSON otherwise).
 */
@RestController
@Tag(name = ApiTags.USAGE)
public class InvoiceController {

    static final MediaType CSV = MediaType.parseMediaType("text/csv;charset=UTF-8");
    /** The CSV export as the document shows it: the header line and one invoice. */
    static final String CSV_EXAMPLE = Invoice.CSV_HEADER + "\r\n"
            + "2026-03,closed,pro,2900,1000000,1204500,1250000,73400320,204500,50,10250,13150,2026-04-01T00:05:00Z\r\n";

    private final InvoiceStore invoices;
    private final TenantPlans plans;
    private final Clock clock;

    public InvoiceController(InvoiceStore invoices, TenantPlans plans, Clock clock) {
        this.invoices = invoices;
        this.plans = plans;
        this.clock = clock;
    }

    /**
     * The JSON answer of {@code GET /api/v1/invoices} as the API document names it (the controller answers a
     * {@link Page} of invoices, of the same shape).
     */
    @Schema(description = "The tenant's invoices, newest first: the current month's (`open`), then every closed one; "
            + "one page.")
    record InvoicePage(
            @Schema(description = "The invoices, newest first.", requiredMode = Schema.RequiredMode.REQUIRED)
            List<Invoice> items,
            @Schema(description = "The cursor of the next page, as in every list: always null here, every invoice "
                    + "being on the one page.", example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
            String nextCursor) {
    }

    @GetMapping("/api/v1/invoices")
    @Operation(operationId = "listInvoices", summary = "List invoices",
            description = "The current month's invoice (`open`, a preview so far) then every closed month's, newest "
                    + "first, in one page (`nextCursor` is null). With `format=csv` the same as `text/csv` (a header "
                    + "line, then one line per invoice, CRLF), as the attachment `invoices.csv`. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The invoices, newest first: JSON, or CSV with `format=csv`.",
            content = {
                    @Content(mediaType = "application/json", schema = @Schema(implementation = InvoicePage.class)),
                    @Content(mediaType = "text/csv", schema = @Schema(type = "string", example = CSV_EXAMPLE))})
    public Mono<ResponseEntity<?>> list(@AuthenticationPrincipal Caller caller,
                                        @Parameter(description = "`json` (the default) or `csv`.", example = "csv",
                                                schema = @Schema(allowableValues = {"json", "csv"}))
                                        @RequestParam(required = false) String format) {
        boolean csv = csv(format);
        return open(caller.tenantId()).flatMap(current -> invoices.closed(caller.tenantId()).collectList()
                .map(closed -> {
                    List<Invoice> all = new ArrayList<>(closed.size() + 1);
                    all.add(current);
                    all.addAll(closed);
                    return csv ? csv(all, "invoices.csv") : ResponseEntity.ok(new Page<>(all, null));
                }));
    }

    @GetMapping("/api/v1/invoices/{month}")
    @Operation(operationId = "getInvoice", summary = "Get a month's invoice",
            description = "One month's invoice: the current month's is the open preview, an earlier month's the one "
                    + "closed when it ended. With `format=csv` as `text/csv` (the header line and the invoice's, "
                    + "CRLF), as the attachment `invoice-YYYY-MM.csv`. A malformed `month` or `format` is a `400` "
                    + "naming it. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The invoice: JSON, or CSV with `format=csv`.",
            content = {
                    @Content(mediaType = "application/json", schema = @Schema(implementation = Invoice.class)),
                    @Content(mediaType = "text/csv", schema = @Schema(type = "string", example = CSV_EXAMPLE))})
    @ApiResponse(responseCode = "404", description = "The month has not begun, or no invoice was closed for it (the "
            + "tenant did not exist then).")
    public Mono<ResponseEntity<?>> one(@AuthenticationPrincipal Caller caller,
                                       @Parameter(description = "The month, as `YYYY-MM` (UTC).", example = "2026-03")
                                       @PathVariable String month,
                                       @Parameter(description = "`json` (the default) or `csv`.", example = "csv",
                                               schema = @Schema(allowableValues = {"json", "csv"}))
                                       @RequestParam(required = false) String format) {
        boolean csv = csv(format);
        YearMonth which = month(month);
        YearMonth current = YearMonth.from(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        if (which.isAfter(current)) {
            throw ApiException.notFound("invoice " + month + " (the month has not begun)");
        }
        Mono<Invoice> invoice = which.equals(current) ? open(caller.tenantId())
                : invoices.closed(caller.tenantId(), which)
                        .switchIfEmpty(Mono.error(() -> ApiException.notFound("invoice " + month
                                + " (none was closed for that month)")));
        return invoice.map(found -> csv ? csv(List.of(found), "invoice-" + which + ".csv")
                : ResponseEntity.ok(found));
    }

    /** The current month so far, on the tenant's plan now. */
    private Mono<Invoice> open(TenantId tenantId) {
        YearMonth month = YearMonth.from(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        return Mono.zip(plans.of(tenantId), invoices.usage(List.of(tenantId), month))
                .map(found -> Invoice.of(month, found.getT1(),
                        found.getT2().getOrDefault(tenantId, Invoice.Usage.NONE), null));
    }

    private static ResponseEntity<?> csv(List<Invoice> all, String filename) {
        StringBuilder body = new StringBuilder(Invoice.CSV_HEADER).append("\r\n");
        all.forEach(invoice -> body.append(invoice.csvLine()).append("\r\n"));
        return ResponseEntity.ok().contentType(CSV)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + filename + "\"")
                .body(body.toString());
    }

    private static boolean csv(String format) {
        if (format == null || format.equals("json")) {
            return false;
        }
        if (format.equals("csv")) {
            return true;
        }
        throw ApiException.invalid("format", "must be json or csv");
    }

    private static YearMonth month(String text) {
        try {
            return YearMonth.parse(text);
        } catch (DateTimeParseException e) {
            throw ApiException.invalid("month", "must be a month as YYYY-MM");
        }
    }
}
