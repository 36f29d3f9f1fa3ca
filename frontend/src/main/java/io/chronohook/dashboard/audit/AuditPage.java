package io.chronohook.dashboard.audit;

import java.util.List;

/** One page of the audit log, newest first, with the link to the next page ({@code null} on the last). */
public record AuditPage(List<AuditRow> rows, String nextHref, boolean firstPage) {

    public AuditPage {
        rows = List.copyOf(rows);
    }
}
