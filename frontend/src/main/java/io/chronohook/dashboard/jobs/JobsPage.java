package io.chronohook.dashboard.jobs;

import java.util.List;

/**
 * The jobs list: its rows, the filters as given (state, label, a part of the name) ({@code labelError} when the label filter is not {@code key:value}),
 * the links to the next and the first page (both keeping the filters), whether the backend reported activity (the
 * sparkline column), and what to show a tenant with no jobs yet.
 */
public record JobsPage(List<JobRow> rows, String state, String label, String labelError, String name,
                       String nextHref, String firstHref, boolean firstPage, boolean activity, String curlCommand) {

    /** The longest name search the API takes. */
    static final int NAME_MAX = 200;

    /** The state filter's choices. */
    public static final List<String> STATES = List.of("active", "paused", "completed");

    /** No jobs at all: no filter is narrowing an empty first page. */
    public boolean noJobsYet() {
        return rows.isEmpty() && firstPage && !filtered();
    }

    public boolean filtered() {
        return !state.isEmpty() || !label.isEmpty() || !name.isEmpty();
    }
}
