package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.DeliveryWindow;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * Scenario f: history at scale. One tenant's every-second cron jobs run at a steady rate on an empty installation,
 * then on the same installation holding a month of history — {@code historyRuns} delivered runs with an attempt each,
 * bulk-written into 30 daily partitions of the jobs themselves while the backend is stopped (a bulk load competes
 * for the disk with everything else; what is compared is running with the history, not loading it), written out to
 * disk, and the jobs going on from just after the restart — and the figures
 * are compared: fire lag, the API's run list of a job and the usage call. Then one day's partitions are dropped under
 * load, timed, and the bytes a run takes (run and attempt rows with their indexes) are read off the partitions.
 */
final class HistoryAtScale {

    private static final int DAYS = 30;
    private static final int REQUEST_BYTES = 420;
    private static final Duration CHECK_EVERY = Duration.ofSeconds(10);
    private static final Duration LONGEST_CATCH_UP = Duration.ofMinutes(15);

    /** A day of history for the jobs: ids carry the scheduled time, spread evenly over the day. */
    private static final String RUNS = """
            insert into %s (id, tenant_id, job_id, scheduled_for, due_at, state, attempt, trigger, released_at,
                            claimed_at, first_attempt_at, finished_at, last_status_code, trace_id, created_at,
                            updated_at)
            select cast(lpad(to_hex(s.ms), 12, '0') || '7' || lpad(to_hex(s.g %% 4096), 3, '0') || '8'
                        || lpad(to_hex(s.g), 15, '0') as uuid),
                   ?, j.jobs[1 + s.g %% cardinality(j.jobs)], s.at, s.at, 'succeeded', 1, 'schedule', s.at, s.at,
                   s.at, s.at + interval '20 milliseconds', 200, md5(s.g::text), s.at, s.at
              from (select g, ? + g * 86400000 / ? as ms,
                           to_timestamp((? + g * 86400000 / ?) / 1000.0) as at
                      from generate_series(0, ? - 1) g) s,
                   (select cast(? as uuid[]) as jobs) j
            """;

    private static final String ATTEMPTS = """
            insert into %s (run_id, number, tenant_id, started_at, first_byte_at, finished_at, status_code, latency_ms,
                            outcome, response_excerpt, trace_id, target_host, request_head, response_headers,
                            payload_version, request_bytes)
            select id, 1, tenant_id, first_attempt_at, first_attempt_at, finished_at, 200, 20, 'delivered', 'ok',
                   trace_id, '127.0.0.1', 'POST http://127.0.0.1/history' || chr(10) || 'webhook-id: ' || id,
                   'content-type: text/plain', 1, %d
              from %s
            """;

    private static final String BACKDATE_JOBS = "update job set created_at = ? where tenant_id = ?";

    private static final String USAGE = """
            insert into usage_daily (tenant_id, day, executions, attempts, egress_bytes) values (?, ?, ?, ?, ?)
            on conflict (tenant_id, day) do update set executions = excluded.executions,
                   attempts = excluded.attempts, egress_bytes = excluded.egress_bytes
            """;

    private static final String PARTITION_BYTES = """
            select coalesce(sum(pg_total_relation_size(c.oid)), 0), coalesce(sum(greatest(c.reltuples, 0)), 0)
              from pg_inherits i join pg_class c on c.oid = i.inhrelid
             where i.inhparent = cast(? as regclass)
            """;

    private HistoryAtScale() {
    }

    /** What one phase measured. */
    private record Phase(DeliveryWindow window, Lags runList, Lags usage) {
    }

    static void run(BenchOptions options, BenchReport report) throws Exception {
        int rate = options.historyRate();
        long runs = options.historyRuns();
        TestEnvironment.startAfresh();
        try (Receiver receiver = new Receiver()) {
            UUID tenant;
            List<UUID> jobs;
            Phase empty;
            ApiClient api;
            try (BackendProcess backend = BackendProcess.start(Map.of())) {
                api = new ApiClient(backend.uri("/"));
                JsonNode account = api.signUp();
                tenant = uuid(account.get("tenantId").asString());
                new CronFleet(api, receiver.url("/history")).growTo(rate);
                jobs = jobIds(tenant);
                empty = measure("f empty", api, receiver, jobs, rate, options.firstWarmUp(), options);
            }

            // The month of history is bulk-loaded while the installation is stopped, as a restore would be.
            Instant started = Instant.now();
            writeHistory(tenant, jobs, runs);
            double writeSeconds = Duration.between(started, Instant.now()).toMillis() / 1000.0;
            System.out.printf("[bench] f: %,d historical runs and their attempts written into %d daily partitions in "
                    + "%.0f s%n", runs, DAYS, writeSeconds);
            settle();
            holdJobsPastTheStop(tenant);

            try (BackendProcess backend = BackendProcess.start(Map.of())) {
                ApiClient again = api.sharingKeyWith(backend.uri("/"));
                // The comparison is of steady running: it waits until runs arrive on time again.
                double catchUpSeconds = awaitOnTime(receiver, rate);
                System.out.printf(catchUpSeconds < 0
                        ? "[bench] f: runs still not on time %.0f s after the start; measuring anyway%n"
                        : "[bench] f: runs on time again %.0f s after the start%n", Math.abs(catchUpSeconds));

                Phase full = measure("f history", again, receiver, jobs, rate, options.laterWarmUp(), options);
                double dropMillis = dropOldestDay();
                long[] bytes = bytesPerRun();
                summarize(report, rate, runs, writeSeconds, catchUpSeconds, empty, full, dropMillis, bytes);
            }
        }
    }

    private static Phase measure(String name, ApiClient api, Receiver receiver, List<UUID> jobs, int rate,
                                 Duration warmUp, BenchOptions options) throws Exception {
        Instant from = Instant.now().plus(warmUp).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        Instant to = from.plus(options.steadyWindow());
        System.out.printf("[bench] %s: %,d every-second cron jobs; measuring %s .. %s%n", name, rate, from, to);
        Thread.sleep(Duration.between(Instant.now(), from));
        // The API is read while the window's runs are being delivered.
        Lags runList = MillionJobs.latencies(options.apiCalls(),
                i -> "/api/v1/jobs/job_" + jobs.get(i % jobs.size()).toString().replace("-", "") + "/runs?limit=50",
                api);
        Lags usage = MillionJobs.latencies(options.apiCalls(), i -> "/api/v1/usage", api);
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), to.plus(options.grace())).toMillis()));
        DeliveryWindow window = DeliveryWindow.of(receiver.arrivals(), from, to, (long) rate
                * Duration.between(from, to).toSeconds());
        System.out.printf("[bench] %s: fire lag p50 / p99 %d / %d ms; run list p99 %d ms; usage p99 %d ms%n", name,
                window.lags().percentile(50), window.lags().percentile(99), runList.percentile(99),
                usage.percentile(99));
        return new Phase(window, runList, usage);
    }

    /**
     * Waits until three checks in a row, {@link #CHECK_EVERY} apart, find the last slice's runs all but 5 % arrived
     * with a p99 fire lag under a second; gives up after {@link #LONGEST_CATCH_UP}. Returns the seconds waited, negated
     * when it gave up.
     */
    private static double awaitOnTime(Receiver receiver, int rate) throws InterruptedException {
        Instant started = Instant.now();
        int inARow = 0;
        while (inARow < 3 && Duration.between(started, Instant.now()).compareTo(LONGEST_CATCH_UP) < 0) {
            Thread.sleep(CHECK_EVERY);
            Instant to = Instant.now().minusSeconds(2);
            Instant from = to.minus(CHECK_EVERY);
            Lags slice = Lags.of(receiver.arrivals(), arrival -> arrival.scheduledFor() != null
                    && !arrival.scheduledFor().isBefore(from) && arrival.scheduledFor().isBefore(to));
            boolean onTime = slice.count() >= 0.95 * rate * CHECK_EVERY.toSeconds() && slice.percentile(99) < 1000;
            inARow = onTime ? inARow + 1 : 0;
            System.out.printf("[bench] f: since the start: %,d runs of the last %d s arrived, p99 lag %,d ms%n",
                    slice.count(), CHECK_EVERY.toSeconds(), slice.percentile(99));
        }
        double waited = Duration.between(started, Instant.now()).toMillis() / 1000.0;
        return inARow < 3 ? -waited : waited;
    }

    /** Writes {@code runs} delivered runs over the 30 days before today, a partition pair a day, as a bulk load. */
    private static void writeHistory(UUID tenant, List<UUID> jobs, long runs) throws SQLException {
        long perDay = runs / DAYS;
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        try (Connection db = TestEnvironment.database()) {
            // The jobs were there for the month their history covers (no run is older than its job).
            try (PreparedStatement made = db.prepareStatement(BACKDATE_JOBS)) {
                made.setObject(1, OffsetDateTime.ofInstant(today.minusDays(DAYS + 1).atStartOfDay(ZoneOffset.UTC)
                        .toInstant(), ZoneOffset.UTC));
                made.setObject(2, tenant);
                made.executeUpdate();
            }
            Array jobArray = db.createArrayOf("uuid", jobs.toArray());
            for (int back = DAYS; back >= 1; back--) {
                LocalDate day = today.minusDays(back);
                Instant dayStart = day.atStartOfDay(ZoneOffset.UTC).toInstant();
                String suffix = "_p" + day.toString().replace("-", "");
                String runPartition = "run" + suffix;
                String attemptPartition = "attempt" + suffix;
                String from = floor(dayStart);
                String to = floor(dayStart.plus(Duration.ofDays(1)));
                long dayStarted = System.nanoTime();
                try (Statement sql = db.createStatement()) {
                    sql.execute("create table " + runPartition
                            + " (like run including defaults including constraints)");
                    sql.execute("create table " + attemptPartition
                            + " (like attempt including defaults including constraints)");
                }
                try (PreparedStatement insert = db.prepareStatement(RUNS.formatted(runPartition))) {
                    long ms = dayStart.toEpochMilli();
                    insert.setObject(1, tenant);
                    insert.setLong(2, ms);
                    insert.setLong(3, perDay);
                    insert.setLong(4, ms);
                    insert.setLong(5, perDay);
                    insert.setLong(6, perDay);
                    insert.setArray(7, jobArray);
                    insert.executeUpdate();
                }
                try (Statement sql = db.createStatement()) {
                    sql.execute(ATTEMPTS.formatted(attemptPartition, REQUEST_BYTES, runPartition));
                    // As a bulk load is finished before it goes live: frozen and analysed, nothing left for autovacuum.
                    sql.execute("vacuum (freeze, analyze) " + runPartition);
                    sql.execute("vacuum (freeze, analyze) " + attemptPartition);
                    sql.execute("alter table run attach partition " + runPartition + " for values from ('" + from
                            + "') to ('" + to + "')");
                    sql.execute("alter table attempt attach partition " + attemptPartition + " for values from ('"
                            + from + "') to ('" + to + "')");
                }
                try (PreparedStatement usage = db.prepareStatement(USAGE)) {
                    usage.setObject(1, tenant);
                    usage.setObject(2, day);
                    usage.setLong(3, perDay);
                    usage.setLong(4, perDay);
                    usage.setLong(5, perDay * REQUEST_BYTES);
                    usage.executeUpdate();
                }
                System.out.printf("[bench] f: %s: %,d runs in %.0f s%n", day, perDay,
                        (System.nanoTime() - dayStarted) / 1e9);
            }
        }
    }

    /**
     * Writes the load out before the installation starts again, as a restore is finished before it goes live: a
     * checkpoint, then the kernel's dirty pages ({@code sync}); otherwise tens of gigabytes of writeback compete with
     * the measurement.
     */
    private static void settle() throws Exception {
        long started = System.nanoTime();
        try (Connection db = TestEnvironment.database(); Statement sql = db.createStatement()) {
            sql.execute("checkpoint");
        } catch (SQLException refused) {
            // CHECKPOINT needs pg_checkpoint; without it the server's own checkpoints write the buffers out.
            System.out.printf("[bench] f: no checkpoint (%s); sync only%n", refused.getMessage());
        }
        Process sync = new ProcessBuilder("sync").inheritIO().start();
        sync.waitFor();
        System.out.printf("[bench] f: checkpoint and sync after the load took %.0f s%n",
                (System.nanoTime() - started) / 1e9);
    }

    /**
     * Moves the jobs' next occurrence to just after the restart, as if the installation had kept running: the
     * occurrences of the stop are not missed runs to catch up (ten minutes of every-second jobs are 1.8 million
     * skipped runs, recorded one by one). Catching up after an outage is measured by {@code ./chronohook chaos}.
     */
    private static void holdJobsPastTheStop(UUID tenant) throws SQLException {
        try (Connection db = TestEnvironment.database(); PreparedStatement hold = db.prepareStatement("""
                update job set next_fire_at = date_trunc('second', now()) + interval '20 seconds'
                 where tenant_id = ? and state = 'active' and next_fire_at < now() + interval '20 seconds'
                """)) {
            hold.setObject(1, tenant);
            System.out.printf("[bench] f: %,d jobs go on from 20 s after the restart%n", hold.executeUpdate());
        }
    }

    /** Drops the oldest day's partitions as history maintenance does (a short lock timeout), under load; in ms. */
    private static double dropOldestDay() throws SQLException {
        String suffix = "_p" + LocalDate.now(ZoneOffset.UTC).minusDays(DAYS).toString().replace("-", "");
        try (Connection db = TestEnvironment.database(); Statement sql = db.createStatement()) {
            db.setAutoCommit(false);
            long started = System.nanoTime();
            sql.execute("set local lock_timeout = '2s'");
            sql.execute("drop table attempt" + suffix);
            sql.execute("drop table run" + suffix);
            db.commit();
            double millis = (System.nanoTime() - started) / 1e6;
            System.out.printf("[bench] f: the partitions of %s dropped in %.0f ms%n", suffix.substring(2), millis);
            return millis;
        }
    }

    /** Bytes of the run and of the attempt partitions (tables and indexes), per run; and the runs counted. */
    private static long[] bytesPerRun() throws SQLException {
        try (Connection db = TestEnvironment.database()) {
            long[] run = sizeAndRows(db, "run");
            long[] attempt = sizeAndRows(db, "attempt");
            long rows = Math.max(1, run[1]);
            return new long[] {run[0] / rows, attempt[0] / rows, rows};
        }
    }

    private static long[] sizeAndRows(Connection db, String table) throws SQLException {
        try (PreparedStatement query = db.prepareStatement(PARTITION_BYTES)) {
            query.setString(1, table);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                return new long[] {row.getLong(1), row.getLong(2)};
            }
        }
    }

    private static void summarize(BenchReport report, int rate, long runs, double writeSeconds,
                                  double catchUpSeconds, Phase empty, Phase full, double dropMillis, long[] bytes) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("historicalRuns", runs);
        figures.put("days", DAYS);
        figures.put("rate", rate);
        figures.put("writeSeconds", writeSeconds);
        figures.put("onTimeAgainAfterStartSeconds", catchUpSeconds < 0 ? null : catchUpSeconds);
        figures.put("notOnTimeWithinSeconds", catchUpSeconds < 0 ? -catchUpSeconds : null);
        figures.put("empty", phase(empty));
        figures.put("withHistory", phase(full));
        figures.put("dropDayMs", Math.round(dropMillis));
        figures.put("runBytesPerRun", bytes[0]);
        figures.put("attemptBytesPerRun", bytes[1]);
        report.put("history", figures);
        String name = String.format("f %,d historical runs", runs);
        report.row(name, "fire lag p99 at " + String.format("%,d/s", rate) + ": empty / with history",
                String.format("%,d / %,d ms (%.2f×)", empty.window().lags().percentile(99),
                        full.window().lags().percentile(99), ratio(full.window().lags(), empty.window().lags())));
        report.row(name, "run list p99: empty / with history", String.format("%,d / %,d ms (%.2f×)",
                empty.runList().percentile(99), full.runList().percentile(99), ratio(full.runList(),
                        empty.runList())));
        report.row(name, "usage p99: empty / with history", String.format("%,d / %,d ms", empty.usage()
                .percentile(99), full.usage().percentile(99)));
        report.row(name, "history written in (stopped); runs on time again after the start",
                String.format("%,.0f s; %s", writeSeconds, catchUpSeconds < 0
                        ? String.format("not within %,.0f s", -catchUpSeconds)
                        : String.format("%,.0f s", catchUpSeconds)));
        report.row(name, "one day's partitions dropped in", String.format("%,.0f ms", dropMillis));
        report.row(name, "bytes per run (run + attempt)", String.format("%,d + %,d", bytes[0], bytes[1]));
        report.row(name, "lost, duplicates (both windows)", (empty.window().lost() + full.window().lost()) + ", "
                + (empty.window().duplicates() + full.window().duplicates()));
        report.count(empty.window().lost() + full.window().lost(),
                empty.window().duplicates() + full.window().duplicates());
    }

    private static Map<String, Object> phase(Phase phase) {
        Map<String, Object> figures = new LinkedHashMap<>(BenchReport.window(phase.window()));
        figures.put("runListP50Ms", phase.runList().percentile(50));
        figures.put("runListP99Ms", phase.runList().percentile(99));
        figures.put("usageP50Ms", phase.usage().percentile(50));
        figures.put("usageP99Ms", phase.usage().percentile(99));
        return figures;
    }

    private static double ratio(Lags with, Lags without) {
        return with.percentile(99) / (double) Math.max(1, without.percentile(99));
    }

    private static List<UUID> jobIds(UUID tenant) throws SQLException {
        List<UUID> ids = new ArrayList<>();
        try (Connection db = TestEnvironment.database();
             PreparedStatement query = db.prepareStatement("select id from job where tenant_id = ? order by id")) {
            query.setObject(1, tenant);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getObject(1, UUID.class));
                }
            }
        }
        return ids;
    }

    /** The smallest version 7 id of {@code instant}'s millisecond, as partition bounds are written. */
    private static String floor(Instant instant) {
        return new UUID((instant.toEpochMilli() << 16) | 0x7000L, 0x8000000000000000L).toString();
    }

    private static UUID uuid(String tenantId) {
        String hex = tenantId.substring(tenantId.indexOf('_') + 1);
        return new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16),
                Long.parseUnsignedLong(hex.substring(16), 16));
    }
}
