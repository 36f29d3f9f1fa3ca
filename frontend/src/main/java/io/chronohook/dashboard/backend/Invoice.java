package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.time.YearMonth;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One month's invoice ({@code GET /api/v1/invoices}), for the invoices page: the current month is {@code open}, a
 * preview of what it costs so far with no {@code closedAt}; earlier months are {@code closed} and never change. The
 * total is the plan fee plus the overage, executions beyond the included ones charged per started thousand.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Invoice(YearMonth month, String status, String plan, String planName, long monthlyPriceCents,
                      long includedExecutions, long executions, long attempts, long egressBytes,
                      long overageExecutions, long overageCentsPer1000, long overageCents, long totalCents,
                      Instant closedAt) {

    /** The current month's invoice, still counting. */
    public boolean open() {
        return "open".equals(status);
    }
}
