package io.chronohook.e2e.chaos;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The faults, each injected under a steady load of one-shot runs {@link #faultAt} after the load's first run fell
 * due: a backend killed ({@code kill -9}) or stopped ({@code SIGTERM}); Postgres restarted or stopped for a minute
 * (with a receiver taking 2 s); Redis flushed, down for 30 s, or frozen for 30 s; the receiver answering 503 for a
 * minute. With {@code quick}, 50 runs a second and outages of 5 to 10 s.
 */
final class ChaosScenarios implements AutoCloseable {

    private final ChaosServices services;
    private final int rate;
    private final Duration load;
    private final Duration faultAt;
    private final Duration longOutage;
    private final Duration outage;
    private BackendProcess first;
    private BackendProcess second;
    private ApiClient viaFirst;
    private ApiClient viaSecond;

    ChaosScenarios(ChaosServices services, boolean quick) throws Exception {
        this.services = services;
        this.rate = quick ? 50 : 300;
        this.load = Duration.ofSeconds(quick ? 20 : 40);
        this.faultAt = Duration.ofSeconds(quick ? 5 : 10);
        this.longOutage = Duration.ofSeconds(quick ? 10 : 60);
        this.outage = Duration.ofSeconds(quick ? 5 : 30);
        first = ChaosProgram.startBackend();
        second = ChaosProgram.startBackend();
        viaFirst = new ApiClient(first.uri("/"));
        viaFirst.signUp();
        viaSecond = viaFirst.sharingKeyWith(second.uri("/"));
    }

    ChaosResult run(String scenario) throws Exception {
        return switch (scenario) {
            case "kill" -> kill();
            case "sigterm" -> sigterm();
            case "idle-exit" -> idleExit();
            case "pg-restart" -> underLoad(scenario, load, Duration.ZERO, receiver -> {
                services.pgRestart();
                return "restarted (fast shutdown)";
            });
            case "pg-outage" -> underLoad(scenario, load.plus(longOutage), Duration.ofSeconds(2), receiver -> {
                services.pgStop();
                Thread.sleep(longOutage.toMillis());
                services.pgStart();
                return "down " + longOutage.toSeconds() + " s, receiver taking 2 s";
            });
            case "redis-flushall" -> underLoad(scenario, load, Duration.ZERO, receiver -> {
                services.redisFlushAll();
                return "FLUSHALL";
            });
            case "redis-down" -> underLoad(scenario, load.plus(outage), Duration.ZERO, receiver -> {
                services.redisKill();
                Thread.sleep(outage.toMillis());
                services.redisStart();
                return "down " + outage.toSeconds() + " s, back empty";
            });
            case "redis-freeze" -> redisFreeze();
            case "receiver-down" -> underLoad(scenario, load.plus(longOutage), Duration.ZERO, receiver -> {
                receiver.down(true);
                Thread.sleep(longOutage.toMillis());
                receiver.down(false);
                return "503 for " + longOutage.toSeconds() + " s";
            });
            default -> throw new IllegalArgumentException(scenario);
        };
    }

    /** A fault: injects itself, returns when the system should have everything it needs again, and says what it did. */
    private interface Fault {
        String inject(ChaosReceiver receiver) throws Exception;
    }

    private ChaosResult underLoad(String scenario, Duration length, Duration receiverDelay, Fault fault)
            throws Exception {
        try (ChaosReceiver receiver = new ChaosReceiver()) {
            receiver.delay(receiverDelay);
            ChaosLoad runs = ChaosLoad.create(viaFirst, viaSecond, receiver, rate, length);
            sleepUntil(runs.start().plus(faultAt));
            String note = fault.inject(receiver);
            Instant ended = Instant.now();
            runs.awaitDelivered(receiver, Duration.between(Instant.now(), runs.start().plus(length))
                    .plus(Duration.ofSeconds(120)));
            return runs.result(scenario, receiver, ended, note);
        }
    }

    private ChaosResult kill() throws Exception {
        ChaosResult result = underLoad("kill", load, Duration.ZERO, receiver -> {
            int inFlight = inFlight(second);
            second.kill();
            return "kill -9 of one of two backends with " + inFlight + " runs in flight";
        });
        second = ChaosProgram.startBackend();
        viaSecond = viaFirst.sharingKeyWith(second.uri("/"));
        return result;
    }

    private ChaosResult sigterm() throws Exception {
        UUID node = nodeOf(second);
        Instant[] signal = new Instant[1];
        ChaosResult result = underLoad("sigterm", load, Duration.ofMillis(300), receiver -> {
            signal[0] = Instant.now();
            Duration exit = second.terminate(Duration.ofSeconds(30));
            return "SIGTERM under load: exit in " + ChaosResult.seconds(exit) + ", "
                    + claimsAfter(node, signal[0]) + " claims after the signal";
        });
        second = ChaosProgram.startBackend();
        viaSecond = viaFirst.sharingKeyWith(second.uri("/"));
        return result;
    }

    private ChaosResult idleExit() throws Exception {
        BackendProcess idle = ChaosProgram.startBackend();
        Thread.sleep(3000);
        Duration exit = idle.terminate(Duration.ofSeconds(30));
        return new ChaosResult("idle-exit", 0, 0, 0, 0, null, null,
                "SIGTERM of an idle backend: exit in " + ChaosResult.seconds(exit));
    }

    private ChaosResult redisFreeze() throws Exception {
        return underLoad("redis-freeze", load.plus(outage), Duration.ZERO, receiver -> {
            String job = viaFirst.send("POST", "/api/v1/jobs", ApiClient.oneShot("chaos-read",
                    Instant.now().plus(Duration.ofDays(1)), receiver.url("/read")), 201).get("id").asString();
            List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
            AtomicBoolean frozen = new AtomicBoolean(true);
            services.redisFreeze();
            Thread reader = Thread.ofVirtual().start(() -> {
                while (frozen.get()) {
                    long started = System.nanoTime();
                    try {
                        viaFirst.send("GET", "/api/v1/jobs/" + job, null, 200);
                        latencies.add((System.nanoTime() - started) / 1_000_000);
                        Thread.sleep(50);
                    } catch (Exception e) {
                        latencies.add(Long.MAX_VALUE);
                    }
                }
            });
            Thread.sleep(outage.toMillis());
            frozen.set(false);
            services.redisThaw();
            reader.join();
            List<Long> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            long p99 = sorted.isEmpty() ? -1 : sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * 0.99)));
            return "frozen " + outage.toSeconds() + " s; job reads meanwhile: " + sorted.size() + ", p99 " + p99
                    + " ms";
        });
    }

    private int inFlight(BackendProcess backend) throws Exception {
        UUID node = nodeOf(backend);
        try (Connection db = ChaosProgram.database();
             PreparedStatement query = db.prepareStatement(
                     "select count(*) from run where claimed_by = ? and state = 'delivering'")) {
            query.setObject(1, node);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    private static UUID nodeOf(BackendProcess backend) throws Exception {
        try (Connection db = ChaosProgram.database();
             PreparedStatement query = db.prepareStatement(
                     "select id from node where host like ? and state = 'active' order by started_at desc limit 1")) {
            query.setString(1, "%/" + backend.pid());
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    throw new IllegalStateException("backend " + backend.pid() + " has no live node");
                }
                return rows.getObject(1, UUID.class);
            }
        }
    }

    /** Runs whose last claim was made by {@code node} after {@code signal}. */
    private static int claimsAfter(UUID node, Instant signal) throws Exception {
        try (Connection db = ChaosProgram.database();
             PreparedStatement query = db.prepareStatement(
                     "select count(*) from run where claimed_by = ? and claimed_at > ?")) {
            query.setObject(1, node);
            query.setTimestamp(2, Timestamp.from(signal));
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    private static void sleepUntil(Instant moment) throws InterruptedException {
        long millis = Duration.between(Instant.now(), moment).toMillis();
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    @Override
    public void close() throws Exception {
        first.close();
        second.close();
    }
}
