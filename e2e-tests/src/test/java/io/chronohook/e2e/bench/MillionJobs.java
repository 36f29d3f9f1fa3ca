package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.DeliveryWindow;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;
import tools.jackson.databind.JsonNode;

/**
 * Scenario e: the planner's cost at a million registered cron jobs ({@link HourlyJobs}, ~278 due a second). Measures,
 * over a window of scheduled times: whether the planner keeps ahead (runs planned per second, how long before their
 * time runs were planned, jobs overdue for planning), whether the runs arrive on time, the API's read latency, and
 * the backend's heap after a full collection, before and after the jobs were registered.
 */
final class MillionJobs {

    private static final int API_JOBS = 2000;
    private static final int WARM_UP_CALLS = 30;

    /** How far ahead of their time the window's runs were planned, and in how many planner rounds (one commit each). */
    private static final String PLANNED = """
            select count(*) as runs, count(distinct created_at) as rounds,
                   coalesce(min(extract(epoch from scheduled_for - created_at)) * 1000, 0) as min_lead_ms,
                   coalesce(percentile_cont(0.5) within group (order by extract(epoch from scheduled_for - created_at))
                            * 1000, 0) as p50_lead_ms
              from run
             where tenant_id = ? and scheduled_for >= ? and scheduled_for < ?
            """;

    private static final String CREATED = """
            select count(*) from run where tenant_id = ? and created_at >= ? and created_at < ?
            """;

    /** Jobs whose next occurrence has come without the planner having turned it into a run. */
    private static final String OVERDUE = """
            select count(*) from job where state = 'active' and next_fire_at is not null and next_fire_at < now()
            """;

    private MillionJobs() {
    }

    static void run(BackendProcess backend, BenchOptions options, BenchReport report) throws Exception {
        int total = options.millionJobs();
        try (Receiver receiver = new Receiver()) {
            ApiClient api = new ApiClient(backend.uri("/"));
            JsonNode account = api.signUp();
            long heapEmpty = BackendHeap.usedMiBAfterGc(backend);
            HourlyJobs jobs = new HourlyJobs(api, account, receiver.url("/hourly"));
            Instant start = Instant.now();
            int apiJobs = Math.min(API_JOBS, total);
            jobs.createThroughApi(apiJobs);
            double apiSeconds = seconds(start, Instant.now());
            Instant sqlStart = Instant.now();
            jobs.insertRest(apiJobs, total);
            double sqlSeconds = seconds(sqlStart, Instant.now());
            double registration = seconds(start, Instant.now());
            jobs.checkAgainstApi(apiJobs, total);
            System.out.printf("[bench] e: %,d hourly jobs registered in %.1f s (%,d through the API in %.1f s, the "
                    + "rest by bulk insert in %.1f s)%n", total, registration, apiJobs, apiSeconds, sqlSeconds);

            Instant from = Instant.now().plus(options.millionSettle()).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
            Instant to = from.plus(options.millionWindow());
            long overdue = 0;
            try (Connection db = TestEnvironment.database()) {
                while (Instant.now().isBefore(to)) {
                    if (!Instant.now().isBefore(from)) {
                        overdue = Math.max(overdue, count(db, OVERDUE));
                    }
                    Thread.sleep(2000);
                }
                Thread.sleep(options.grace());
                DeliveryWindow window = DeliveryWindow.of(receiver.arrivals(), from, to,
                        HourlyJobs.occurrences(total, from, to));
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("jobs", total);
                figures.put("jobsThroughApi", apiJobs);
                figures.put("apiCreationPerSecond", Math.round(apiJobs / apiSeconds));
                figures.put("bulkInsertSeconds", sqlSeconds);
                figures.putAll(planner(db, jobs.tenantId(), from, to, overdue));
                figures.put("delivery", BenchReport.window(window));
                Lags list = latencies(options.apiCalls(), i -> "/api/v1/jobs?limit=50", api);
                List<String> ids = jobs.sampleIds(options.apiCalls());
                Lags get = latencies(ids.size(), i -> "/api/v1/jobs/" + ids.get(i), api);
                figures.put("apiListP50Ms", list.percentile(50));
                figures.put("apiListP99Ms", list.percentile(99));
                figures.put("apiGetP50Ms", get.percentile(50));
                figures.put("apiGetP99Ms", get.percentile(99));
                long heap = BackendHeap.usedMiBAfterGc(backend);
                figures.put("heapMiBEmpty", heapEmpty);
                figures.put("heapMiB", heap);
                report.put("millionJobs", figures);
                report.put("heapMiB", heap);
                report.put("apiReadP99MsAt1M", Math.max(list.percentile(99), get.percentile(99)));

                String name = String.format("e %,d cron jobs", total);
                report.row(name, "registered in", String.format("%.0f s (API %,.0f jobs/s, then bulk insert)",
                        registration, apiJobs / apiSeconds));
                report.row(name, "runs planned per second", String.format("%,.0f (due %,.0f)",
                        ((Number) figures.get("runsCreatedPerSecond")).doubleValue(),
                        window.expected() / window.seconds()));
                report.row(name, "planned ahead of time: min / p50", String.format("%,d / %,d ms",
                        figures.get("plannerLeadMinMs"), figures.get("plannerLeadP50Ms")));
                report.row(name, "jobs overdue for planning (max)", Long.toString(overdue));
                report.row(name, "delivered / lost / duplicates", String.format("%,d / %d / %d", window.delivered(),
                        window.lost(), window.duplicates()));
                report.row(name, "fire lag p50 / p99 / max", SteadyRates.lagFigures(window));
                report.row(name, "API list / get p99", String.format("%d / %d ms (%d calls each)",
                        list.percentile(99), get.percentile(99), options.apiCalls()));
                report.row(name, "backend heap after GC", String.format("%,d MiB (empty: %,d MiB)", heap, heapEmpty));
                report.count(window.lost(), window.duplicates());
            }
        }
    }

    private static Map<String, Object> planner(Connection db, UUID tenantId, Instant from, Instant to, long overdue)
            throws SQLException {
        Map<String, Object> figures = new LinkedHashMap<>();
        try (PreparedStatement query = db.prepareStatement(PLANNED)) {
            bind(query, tenantId, from, to);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                figures.put("runsPlannedForWindow", row.getLong("runs"));
                figures.put("plannerRounds", row.getLong("rounds"));
                figures.put("plannerRoundsPerSecond", row.getLong("rounds") / seconds(from, to));
                figures.put("plannerLeadMinMs", Math.round(row.getDouble("min_lead_ms")));
                figures.put("plannerLeadP50Ms", Math.round(row.getDouble("p50_lead_ms")));
            }
        }
        try (PreparedStatement query = db.prepareStatement(CREATED)) {
            bind(query, tenantId, from, to);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                figures.put("runsCreatedPerSecond", Math.round(row.getLong(1) / seconds(from, to) * 10) / 10.0);
            }
        }
        figures.put("jobsOverdueForPlanningMax", overdue);
        return figures;
    }

    /**
     * Sequential calls, each timed from request to the whole answer read, after a few untimed ones that warm the JIT
     * and the connection; fails on anything but 200.
     */
    static Lags latencies(int calls, IntFunction<String> path, ApiClient api) throws Exception {
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            api.status("GET", path.apply(i % calls));
        }
        long[] millis = new long[calls];
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            int status = api.status("GET", path.apply(i));
            millis[i] = (System.nanoTime() - start) / 1_000_000;
            if (status != 200) {
                throw new IllegalStateException("GET " + path.apply(i) + " answered " + status);
            }
        }
        return Lags.ofMillis(millis);
    }

    private static void bind(PreparedStatement query, UUID tenantId, Instant from, Instant to) throws SQLException {
        query.setObject(1, tenantId);
        query.setObject(2, OffsetDateTime.ofInstant(from, ZoneOffset.UTC));
        query.setObject(3, OffsetDateTime.ofInstant(to, ZoneOffset.UTC));
    }

    private static long count(Connection db, String sql) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(sql); ResultSet row = query.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }
}
