package io.chronohook.e2e.chaos;

import io.chronohook.e2e.support.ApiClient;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One scenario's load and its accounting: one-shot jobs due at a steady rate (each job is exactly one expected
 * run), created through both backends; then, from the receiver and the run table, the scenario's figures.
 */
final class ChaosLoad {

    /** Retries that outlast a minute-long receiver outage (the breaker holds runs back without spending them). */
    private static final String RETRY = "\"retry\":{\"maxAttempts\":20,\"initialDelay\":\"PT1S\",\"maxDelay\":\"PT5S\"}";

    private final String prefix = "chaos-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    private final int runs;
    private final Instant start;

    private ChaosLoad(int runs, Instant start) {
        this.runs = runs;
        this.start = start;
    }

    /** Creates {@code rate × seconds} jobs due from a moment far enough ahead to create them all before it. */
    static ChaosLoad create(ApiClient viaFirst, ApiClient viaSecond, ChaosReceiver receiver, int rate,
                            Duration length) throws InterruptedException {
        int runs = (int) (rate * length.toSeconds());
        Instant start = Instant.now().plusSeconds(8 + runs / 1500);
        ChaosLoad load = new ChaosLoad(runs, start);
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Instant at = start.plusNanos(1_000_000_000L * i / rate);
            String job = "{\"name\":\"" + load.prefix + i + "\",\"schedule\":{\"type\":\"at\",\"at\":\"" + at
                    + "\"},\"target\":{\"url\":\"" + receiver.url("/chaos") + "\"}," + RETRY + "}";
            (i % 2 == 0 ? first : second).add(job);
        }
        Thread other = Thread.ofVirtual().start(() -> {
            try {
                viaSecond.createInBatches(second, 500, 2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        viaFirst.createInBatches(first, 500, 2);
        other.join();
        return load;
    }

    Instant start() {
        return start;
    }

    int runs() {
        return runs;
    }

    /** Waits until the receiver has accepted every run (or {@code patience} passed), then a moment for stragglers. */
    void awaitDelivered(ChaosReceiver receiver, Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (receiver.distinct() < runs && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        Thread.sleep(3000);
    }

    /** The scenario's figures; {@code faultEnded} is when the services answered again (the kill, for a kill). */
    ChaosResult result(String scenario, ChaosReceiver receiver, Instant faultEnded, String note) throws Exception {
        Map<String, Instant> expected = expectedRuns();
        Map<String, ChaosReceiver.Accepted> accepted = receiver.accepted();
        int delivered = 0;
        long duplicates = 0;
        Duration worstLag = Duration.ZERO;
        Instant lastBeforeFault = null;
        List<Instant> caughtUp = new ArrayList<>();
        for (Map.Entry<String, ChaosReceiver.Accepted> entry : accepted.entrySet()) {
            ChaosReceiver.Accepted run = entry.getValue();
            duplicates += run.times() - 1;
            Instant scheduled = expected.get(entry.getKey());
            if (scheduled == null) {
                continue;
            }
            delivered++;
            Duration lag = Duration.between(scheduled, run.firstAt());
            worstLag = lag.compareTo(worstLag) > 0 ? lag : worstLag;
            if (scheduled.isBefore(faultEnded) && (lastBeforeFault == null || run.firstAt().isAfter(lastBeforeFault))) {
                lastBeforeFault = run.firstAt();
            }
            if (scheduled.isBefore(faultEnded) && run.firstAt().isAfter(faultEnded)) {
                caughtUp.add(run.firstAt());
            }
        }
        Duration recovery = lastBeforeFault == null || lastBeforeFault.isBefore(faultEnded) ? Duration.ZERO
                : Duration.between(faultEnded, lastBeforeFault);
        String unexpected = accepted.size() > delivered ? "; " + (accepted.size() - delivered) + " unexpected" : "";
        String missingRuns = expected.size() < runs ? "; " + (runs - expected.size()) + " jobs without a run" : "";
        return new ChaosResult(scenario, runs, delivered, runs - delivered, duplicates, worstLag, recovery,
                note + unexpected + missingRuns + catchUp(caughtUp, faultEnded) + "; " + lostAttempts()
                        + " attempts recorded lost");
    }

    /** How the runs held back by the fault came through after it: the first, half of them, and how many. */
    private static String catchUp(List<Instant> caughtUp, Instant faultEnded) {
        if (caughtUp.size() < 2) {
            return "";
        }
        Collections.sort(caughtUp);
        return "; " + caughtUp.size() + " held back, first through after "
                + ChaosResult.seconds(Duration.between(faultEnded, caughtUp.getFirst())) + ", half after "
                + ChaosResult.seconds(Duration.between(faultEnded, caughtUp.get(caughtUp.size() / 2)));
    }

    /** Attempts whose outcome was never known (their node died): the history of every other shows the real status. */
    private int lostAttempts() throws Exception {
        try (Connection db = ChaosProgram.database();
             PreparedStatement query = db.prepareStatement("""
                     select count(*) from attempt a join run r on r.id = a.run_id join job j on j.id = r.job_id
                      where j.name like ? and a.outcome = 'lost'
                     """)) {
            query.setString(1, prefix + "%");
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    /** The runs of this load's jobs, by run id as the receiver sees it, with their scheduled times. */
    private Map<String, Instant> expectedRuns() throws Exception {
        Map<String, Instant> expected = new HashMap<>();
        try (Connection db = ChaosProgram.database();
             PreparedStatement query = db.prepareStatement("""
                     select r.id, r.scheduled_for from run r join job j on j.id = r.job_id where j.name like ?
                     """)) {
            query.setString(1, prefix + "%");
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    expected.put("run_" + rows.getObject(1, UUID.class).toString().replace("-", ""),
                            rows.getTimestamp(2).toInstant());
                }
            }
        }
        return expected;
    }
}
