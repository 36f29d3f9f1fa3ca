package io.chronohook.platform;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The areas the API document groups its operations in ({@code @Tag(name = ApiTags.JOBS)} on a controller), in the
 * order the reference page lists them; the generated clients make one class of each ({@code JobsApi}).
 */
public final class ApiTags {

    public static final String JOBS = "Jobs";
    public static final String SCHEDULES = "Schedules";
    public static final String RUNS = "Runs";
    public static final String LONG_RUNNING = "Long-running";
    public static final String DEAD_LETTERS = "Dead letters";
    public static final String ENDPOINTS = "Endpoints";
    public static final String FLOW_KEYS = "Flow keys";
    public static final String ACCOUNT = "Account";
    public static final String API_KEYS = "API keys";
    public static final String MEMBERS = "Members";
    public static final String ALERTS = "Alerts";
    public static final String AUDIT = "Audit";
    public static final String USAGE = "Usage";
    public static final String OPERATOR = "Operator";

    /** Each area with what it holds. */
    public static final Map<String, String> DESCRIPTIONS = descriptions();

    private ApiTags() {
    }

    private static Map<String, String> descriptions() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(JOBS, "The tenant's jobs: cron schedules in a time zone, fixed intervals and one-shot times, each "
                + "calling one HTTPS target. Created, read, listed, patched, paused, resumed, deleted, triggered.");
        tags.put(SCHEDULES, "The next fire times of a schedule, before a job is made of it.");
        tags.put(RUNS, "A job's runs (one per fire time, or per trigger or replay): their state, attempts and "
                + "results; a run is cancelled or replayed here.");
        tags.put(LONG_RUNNING, "A long-running run's reports from the called endpoint: heartbeats with progress "
                + "and checkpoints, then completion or failure. Authorised by the run token of the callback.");
        tags.put(DEAD_LETTERS, "Runs whose retries are exhausted, kept to be inspected and replayed, one at a time "
                + "or in bulk.");
        tags.put(ENDPOINTS, "The hosts the tenant's jobs call, with their circuit state and the concurrency and "
                + "rate limits set for each.");
        tags.put(FLOW_KEYS, "Flow keys: limits of concurrency and rate shared by the jobs that name the same key.");
        tags.put(ACCOUNT, "Sign-up, sign-in (member access tokens), the caller's identity and the tenant's webhook "
                + "signing secret.");
        tags.put(API_KEYS, "The tenant's API keys: created (the secret shown once), listed, revoked.");
        tags.put(MEMBERS, "The tenant's members and their roles, and the invitations that bring new ones in.");
        tags.put(ALERTS, "Alerts raised by failing jobs and endpoints, and where they are sent.");
        tags.put(AUDIT, "Every change made to the tenant, by whom and when.");
        tags.put(USAGE, "Runs used against the plan's limits this month, and the invoices (JSON or CSV).");
        tags.put(OPERATOR, "The installation's operator: plans, a tenant's plan, nodes and their draining, load "
                + "figures. Needs the operator token.");
        return tags;
    }
}
