package io.chronohook.usage;

import io.chronohook.access.Caller;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
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
public class InvoiceController {

    static final MediaType CSV = MediaType.parseMediaType("text/csv;charset=UTF-8");

    private final InvoiceStore invoices;
    private final TenantPlans plans;
    private final Clock clock;

    public InvoiceController(InvoiceStore invoices, TenantPlans plans, Clock clock) {
        this.invoices = invoices;
        this.plans = plans;
        this.clock = clock;
    }

    @GetMapping("/api/v1/invoices")
    public Mono<ResponseEntity<?>> list(@AuthenticationPrincipal Caller caller,
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
    public Mono<ResponseEntity<?>> one(@AuthenticationPrincipal Caller caller, @PathVariable String month,
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
