package io.chronohook.dashboard.invoices;

import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import io.chronohook.dashboard.backend.Invoice;
import io.chronohook.dashboard.backend.InvoiceApi.Format;
import io.chronohook.dashboard.page.Figures;

/** The invoices page: this month's open invoice (a preview) and every closed one, newest first, with their downloads. */
public record InvoicesPage(List<Invoice> invoices) {

    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);

    public InvoicesPage {
        invoices = List.copyOf(invoices);
    }

    /** No month has been closed yet: the list holds at most the open one. */
    public boolean noneClosed() {
        return invoices.stream().allMatch(Invoice::open);
    }

    /** {@code October 2026}. */
    public static String month(Invoice invoice) {
        return invoice.month() == null ? "" : MONTH.format(invoice.month());
    }

    /** What the plan includes, under the executions: "of 1,000,000 included", or "all included" without a limit. */
    public static String included(Invoice invoice) {
        return Figures.isUnlimited(invoice.includedExecutions()) ? "all included"
                : "of " + Figures.count(invoice.includedExecutions()) + " included";
    }

    /** The dashboard's download of every invoice, {@code /invoices/export.csv}. */
    public static String exportHref(Format format) {
        return "/invoices/export." + format.extension();
    }

    /** The dashboard's download of one month, {@code /invoices/2026-10.csv}. */
    public static String href(YearMonth month, Format format) {
        return "/invoices/" + month + "." + format.extension();
    }
}
