package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Scenario g: the public API one job at a time, as a tenant managing its schedules one by one would use it. With 32
 * clients, each sending its next call as soon as the last one answered: single creates ({@code POST /api/v1/jobs}),
 * then reads of the jobs just made ({@code GET /api/v1/jobs/{id}}), on a tenant that holds a million jobs and then on
 * an empty tenant (the million inserted before either is measured, paused, so that none fires and the two measurements
 * differ only in the tenant's size), with the backend's heap after a full collection at that size. Before them,
 * tenants of their own make and read as many jobs, unmeasured, in rounds while the backend warms up, until two rounds
 * in a row are no faster than the one before (by a tenth). The jobs made here fire once a year.
 */
final class SingleCreates {

    static final int CLIENTS = 32;
    private static final int WARM_UP = 1_000;
    /** Warm-up rounds at most. */
    private static final int WARM_UP_ROUNDS = 8;
    /** A warm-up round faster than the last by less than this share counts as settled. */
    private static final double SETTLED_GAIN = 0.1;
    /** Settled rounds in a row that end the warm-up. */
    private static final int SETTLED_ROUNDS = 2;

    private SingleCreates() {
    }

    /** What one tenant's calls measured. */
    record Figures(double createsPerSecond, long createP50, long createP99, double readsPerSecond, long readP50,
                   long readP99, Map<String, Object> perCreate, Map<String, Object> perRead) {

        Map<String, Object> asMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("createsPerSecond", Math.round(createsPerSecond));
            map.put("createP50Ms", createP50);
            map.put("createP99Ms", createP99);
            map.put("readsPerSecond", Math.round(readsPerSecond));
            map.put("readP50Ms", readP50);
            map.put("readP99Ms", readP99);
            map.put("perCreate", perCreate);
            map.put("perRead", perRead);
            return map;
        }
    }

    static void run(BackendProcess backend, BenchOptions options, BenchReport report) throws Exception {
        int calls = options.quick() ? 5_000 : 20_000;
        int total = options.millionJobs();
        try (Receiver receiver = new Receiver()) {
            String url = receiver.url("/yearly");
            // The backend's code is compiled while tenants of their own make and read as many jobs as each measured
            // one, until two rounds in a row are no faster than the one before: otherwise the tenant measured first
            // would pay for the warming-up (one round of 20,000 left the backend at twice the CPU a create of the
            // tenant measured after it; a single round under a tenth faster was seen before the next one's 50 %).
            WindowCosts costs = new WindowCosts(backend.pid());
            int rounds = warmUp(backend, url, calls, costs);
            // The large tenant's jobs are inserted before either tenant is measured, so that both measurements come
            // after the same quiet spell and on the same table of jobs; and the large tenant is measured first: the
            // tenant measured second was the cheaper one in some runs (303 against 369 µs of backend CPU a create),
            // so the order leans the ratio of their p99s against the large tenant, not for it.
            ApiClient large = new ApiClient(backend.uri("/"));
            JsonNode account = large.signUp();
            large.send("POST", "/api/v1/jobs", yearly("template", url), 201);
            Instant start = Instant.now();
            HourlyJobs jobs = new HourlyJobs(large, account, url, "paused");
            jobs.insertRest(1, total);
            System.out.printf("[bench] g: %,d paused jobs inserted in %.0f s%n", total - 1,
                    Duration.between(start, Instant.now()).toMillis() / 1000.0);
            Figures onLarge = measure(large, url, calls, String.format("%,d jobs", total), costs);
            ApiClient empty = new ApiClient(backend.uri("/"));
            empty.signUp();
            Figures onEmpty = measure(empty, url, calls, "empty", costs);
            long heap = BackendHeap.usedMiBAfterGc(backend);

            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("clients", CLIENTS);
            figures.put("calls", calls);
            figures.put("warmUpRounds", rounds);
            figures.put("emptyTenant", onEmpty.asMap());
            figures.put("jobs", total);
            figures.put("largeTenant", onLarge.asMap());
            figures.put("createP99Ratio", ratio(onLarge.createP99(), onEmpty.createP99()));
            figures.put("readP99Ratio", ratio(onLarge.readP99(), onEmpty.readP99()));
            figures.put("heapMiB", heap);
            report.put("singleCreates", figures);

            String name = "g single creates";
            row(report, name, "empty tenant", onEmpty);
            row(report, name, String.format("tenant of %,d jobs", total), onLarge);
            report.row(name, "create / read p99 ratio", String.format("%.2f× / %.2f×",
                    ratio(onLarge.createP99(), onEmpty.createP99()), ratio(onLarge.readP99(), onEmpty.readP99())));
            report.row(name, String.format("heap after GC at %,d jobs", total + (rounds + 2) * (calls + WARM_UP)),
                    String.format("%,d MiB", heap));
        }
    }

    /**
     * Rounds of creates and reads on tenants of their own until {@value #SETTLED_ROUNDS} rounds in a row are each
     * less than {@value #SETTLED_GAIN} faster than the round before, or {@value #WARM_UP_ROUNDS} rounds.
     */
    private static int warmUp(BackendProcess backend, String url, int calls, WindowCosts costs) throws Exception {
        double last = 0;
        int settled = 0;
        for (int round = 1; ; round++) {
            ApiClient warming = new ApiClient(backend.uri("/"));
            warming.signUp();
            double rate = measure(warming, url, calls, "warming up, round " + round, costs).createsPerSecond();
            settled = round > 1 && rate < last * (1 + SETTLED_GAIN) ? settled + 1 : 0;
            if (settled == SETTLED_ROUNDS || round == WARM_UP_ROUNDS) {
                return round;
            }
            last = rate;
        }
    }

    private static void row(BenchReport report, String name, String tenant, Figures figures) {
        report.row(name, tenant + ": creates", String.format("%,.0f/s, p50 / p99 %d / %d ms (%d clients)",
                figures.createsPerSecond(), figures.createP50(), figures.createP99(), CLIENTS));
        report.row(name, tenant + ": per create", WindowCosts.describe(figures.perCreate()));
        report.row(name, tenant + ": reads", String.format("%,.0f/s, p50 / p99 %d / %d ms",
                figures.readsPerSecond(), figures.readP50(), figures.readP99()));
        report.row(name, tenant + ": per read", WindowCosts.describe(figures.perRead()));
    }

    /**
     * Creates and reads on one tenant, timed, with what they cost per call (CPU of each process, Postgres' WAL and
     * rows) between samples taken just before and after each.
     */
    private static Figures measure(ApiClient api, String url, int calls, String tenant, WindowCosts costs)
            throws Exception {
        timed(WARM_UP, i -> create(api, "warm-" + i, url));
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        WindowCosts.Sample beforeCreates = costs.sample();
        Timed creates = timed(calls, i -> ids.add(create(api, "single-" + i, url)));
        WindowCosts.Sample afterCreates = costs.sample();
        List<String> made = List.copyOf(ids);
        Timed reads = timed(calls, i -> {
            String id = made.get((i * 7919) % made.size());
            int status = api.status("GET", "/api/v1/jobs/" + id);
            if (status != 200) {
                throw new IllegalStateException("GET /api/v1/jobs/" + id + " answered " + status);
            }
        });
        WindowCosts.Sample afterReads = costs.sample();
        Figures figures = new Figures(calls / creates.seconds(), creates.lags().percentile(50),
                creates.lags().percentile(99), calls / reads.seconds(), reads.lags().percentile(50),
                reads.lags().percentile(99), costs.perRun(beforeCreates, afterCreates, calls),
                costs.perRun(afterCreates, afterReads, calls));
        System.out.printf("[bench] g: %s: %,.0f creates/s (p99 %d ms; %s), %,.0f reads/s (p99 %d ms; %s)%n", tenant,
                figures.createsPerSecond(), figures.createP99(), WindowCosts.describe(figures.perCreate()),
                figures.readsPerSecond(), figures.readP99(), WindowCosts.describe(figures.perRead()));
        return figures;
    }

    private static String create(ApiClient api, String name, String url) throws Exception {
        return api.send("POST", "/api/v1/jobs", yearly(name, url), 201).get("id").asString();
    }

    /** A job firing at midnight on the first of January (UTC): made here, never due during the benchmark. */
    private static String yearly(String name, String url) {
        return ApiClient.cron(name, "0 0 1 1 *", url);
    }

    private interface Call {
        void run(int index) throws Exception;
    }

    private record Timed(double seconds, Lags lags) {
    }

    /** {@code calls} calls from {@value #CLIENTS} clients, each making its next call when its last one answered. */
    private static Timed timed(int calls, Call call) throws Exception {
        long[] millis = new long[calls];
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                running.add(clients.submit(() -> {
                    for (int i = next.getAndIncrement(); i < calls; i = next.getAndIncrement()) {
                        long begun = System.nanoTime();
                        call.run(i);
                        millis[i] = (System.nanoTime() - begun) / 1_000_000;
                    }
                    return null;
                }));
            }
            for (Future<?> client : running) {
                client.get();
            }
        }
        return new Timed((System.nanoTime() - start) / 1e9, Lags.ofMillis(millis));
    }

    private static double ratio(long large, long empty) {
        return empty == 0 ? large : (double) large / empty;
    }
}
