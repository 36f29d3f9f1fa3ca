package io.chronohook.e2e.load;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A noisy neighbour on a running backend: tenant A has {@code noisyRuns} one-shot runs due at the same instant T,
 * tenant B has {@code quietRuns} due evenly between T+1 s and T+10 s at an endpoint of its own. Waits until both are
 * delivered (or five minutes past T) and measures A's drain and B's fire lag while A drains; then waits until A's jobs
 * all read {@code completed} (at most {@link #COMPLETED_WITHIN} after its last delivery), and measures how long after
 * the last delivery that was.
 */
public final class NoisyNeighbour {

    /** How often the receivers are looked at while the runs drain. */
    static final Duration WATCH_EVERY = Duration.ofMillis(100);
    /** How long after A's last delivery its jobs are waited for to read completed. */
    public static final Duration COMPLETED_WITHIN = Duration.ofMinutes(2);

    /** What one noisy-neighbour round measured. */
    public record Result(int noisyRuns, int quietRuns, Instant t, double creationSeconds, boolean createdInTime,
                         int noisyDelivered, long noisyDuplicates, double drainSeconds, Lags noisyLags,
                         int quietDelivered, long quietDuplicates, Lags quietLags, boolean quietDueWhileDraining,
                         double completedSeconds) {

        /** A's jobs created per second through the batch endpoint. */
        public double creationPerSecond() {
            return noisyRuns / creationSeconds;
        }

        /** A's runs delivered per second between T and A's last delivery. */
        public double drainPerSecond() {
            return noisyDelivered / Math.max(0.001, drainSeconds);
        }

        public int lost() {
            return (noisyRuns - noisyDelivered) + (quietRuns - quietDelivered);
        }

        /** The report, one line each. */
        public List<String> lines() {
            return List.of(
                    String.format("noisy neighbour: A has %d runs due at T, B has %d due between T+1 s and T+10 s",
                            noisyRuns, quietRuns),
                    String.format("created A's jobs in %.1f s (%.0f a second); T is %s", creationSeconds,
                            creationPerSecond(), t),
                    createdInTime ? "" : "WARNING: creation ended less than 10 s before T",
                    String.format("B delivered %d of %d (duplicates %d); fire lag p50 %d ms, p99 %d ms, max %d ms",
                            quietDelivered, quietRuns, quietDuplicates, quietLags.percentile(50),
                            quietLags.percentile(99), quietLags.max()),
                    String.format("A delivered %d of %d (duplicates %d); drained %.1f s after T (%.0f runs a second); "
                                    + "fire lag p50 %d ms, p99 %d ms", noisyDelivered, noisyRuns, noisyDuplicates,
                            drainSeconds, drainPerSecond(), noisyLags.percentile(50), noisyLags.percentile(99)),
                    "B's runs were due while A drained: "
                            + (quietDueWhileDraining ? "yes" : "no (A drained before T+10 s)"),
                    completedSeconds < 0 ? "WARNING: A's jobs not all completed " + COMPLETED_WITHIN.toSeconds()
                            + " s after its last delivery"
                            : String.format("A's jobs all completed %.1f s after its last delivery", completedSeconds))
                    .stream().filter(line -> !line.isEmpty()).toList();
        }
    }

    /**
     * Told when A's runs fall due (T), when the last of them has been delivered and when A's jobs all read completed,
     * with the runs of both tenants delivered so far each time: the benchmark measures what the drain cost between the
     * first two, and what completing the jobs cost after it.
     */
    public interface DrainWatch {
        /** A watch that does nothing. */
        DrainWatch NONE = new DrainWatch() {
            @Override
            public void due(long delivered) {
            }

            @Override
            public void drained(long delivered) {
            }
        };

        void due(long delivered) throws Exception;

        void drained(long delivered) throws Exception;

        /** A's jobs all read completed, after A drained. */
        default void completed(long delivered) throws Exception {
        }
    }

    private NoisyNeighbour() {
    }

    public static Result run(BackendProcess backend, int noisyRuns, int quietRuns) throws Exception {
        return run(backend, noisyRuns, quietRuns, DrainWatch.NONE);
    }

    /** A round whose drain {@code watch} hears of (looked at every {@link #WATCH_EVERY}). */
    public static Result run(BackendProcess backend, int noisyRuns, int quietRuns, DrainWatch watch)
            throws Exception {
        try (Receiver noisy = new Receiver(); Receiver quiet = new Receiver()) {
            ApiClient a = new ApiClient(backend.uri("/"));
            a.signUp();
            ApiClient b = new ApiClient(backend.uri("/"));
            b.signUp();
            double creationRate = creationRate(backend, noisyRuns, noisy.url("/sample"));
            Instant t = Instant.now().plusSeconds(30).plusMillis(Math.round(1500 * noisyRuns / creationRate))
                    .truncatedTo(ChronoUnit.SECONDS);
            List<String> quietJobs = new ArrayList<>();
            for (int i = 0; i < quietRuns; i++) {
                Instant at = t.plusSeconds(1).plusMillis(9000L * i / Math.max(1, quietRuns - 1));
                quietJobs.add(ApiClient.oneShot("quiet-" + i, at, quiet.url("/quiet")));
            }
            b.createInBatches(quietJobs, 500, 1);
            List<String> noisyJobs = new ArrayList<>();
            for (int i = 0; i < noisyRuns; i++) {
                noisyJobs.add(ApiClient.oneShot("noisy-" + i, t, noisy.url("/noisy")));
            }
            Instant createStart = Instant.now();
            a.createInBatches(noisyJobs, 1000, 2);
            double creationSeconds = Duration.between(createStart, Instant.now()).toMillis() / 1000.0;
            boolean createdInTime = Instant.now().isBefore(t.minusSeconds(10));
            Instant deadline = t.plusSeconds(300);
            boolean due = false;
            boolean drained = false;
            while ((noisy.distinct() < noisyRuns || quiet.distinct() < quietRuns) && Instant.now().isBefore(deadline)) {
                if (!due && !Instant.now().isBefore(t)) {
                    due = true;
                    watch.due(noisy.distinct() + quiet.distinct());
                }
                if (due && !drained && noisy.distinct() >= noisyRuns) {
                    drained = true;
                    watch.drained(noisy.distinct() + quiet.distinct());
                }
                Thread.sleep(WATCH_EVERY.toMillis());
            }
            if (due && !drained) {
                watch.drained(noisy.distinct() + quiet.distinct());
            }
            Instant completed = allCompleted(a, Instant.now().plus(COMPLETED_WITHIN));
            if (completed != null && due) {
                watch.completed(noisy.distinct() + quiet.distinct());
            }
            Thread.sleep(2000);
            Instant lastNoisy = last(noisy);
            return new Result(noisyRuns, quietRuns, t, creationSeconds, createdInTime, noisy.distinct(),
                    noisy.duplicated(), Duration.between(t, lastNoisy).toMillis() / 1000.0, Lags.of(noisy.arrivals()),
                    quiet.distinct(), quiet.duplicated(), Lags.of(quiet.arrivals()),
                    lastNoisy.isAfter(t.plusSeconds(10)),
                    completed == null ? -1 : Math.max(0, Duration.between(lastNoisy, completed).toMillis()) / 1000.0);
        }
    }

    /**
     * Jobs a second the batch endpoint creates here, from a sample of a twentieth of a burst's size (100 to 5,000) made
     * by a tenant of its own as the burst is made (batches of 1,000, two at once), due a day later (never planned
     * within a round): T then leaves half as much again as the burst's creation should take, so that on a slow
     * machine the burst is not still being created at T.
     */
    private static double creationRate(BackendProcess backend, int noisyRuns, String url) throws Exception {
        ApiClient sample = new ApiClient(backend.uri("/"));
        sample.signUp();
        Instant at = Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS);
        List<String> jobs = new ArrayList<>();
        int sampleSize = Math.clamp(noisyRuns / 20, 100, 5000);
        for (int i = 0; i < sampleSize; i++) {
            jobs.add(ApiClient.oneShot("sample-" + i, at, url));
        }
        Instant start = Instant.now();
        sample.createInBatches(jobs, 1000, 2);
        return sampleSize * 1000.0 / Math.max(1, Duration.between(start, Instant.now()).toMillis());
    }

    /**
     * When the tenant of {@code client} was first seen with no active job (looked at every {@link #WATCH_EVERY}), or
     * null if it still had one at {@code deadline}.
     */
    private static Instant allCompleted(ApiClient client, Instant deadline) throws Exception {
        while (Instant.now().isBefore(deadline)) {
            Instant asked = Instant.now();
            if (client.send("GET", "/api/v1/jobs?state=active&limit=1", null, 200).get("items").isEmpty()) {
                return asked;
            }
            Thread.sleep(WATCH_EVERY.toMillis());
        }
        return null;
    }

    private static Instant last(Receiver receiver) {
        Instant last = Instant.EPOCH;
        for (Receiver.Arrival arrival : receiver.arrivals()) {
            last = arrival.at().isAfter(last) ? arrival.at() : last;
        }
        return last;
    }
}
