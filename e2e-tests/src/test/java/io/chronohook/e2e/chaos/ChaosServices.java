package io.chronohook.e2e.chaos;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A Postgres cluster and a Redis server of the program's own, on ports of their own, so that faults hurt nothing
 * else on the machine: the cluster is made with {@code pg_createcluster} (trust authentication, on 127.0.0.1) and
 * driven with {@code pg_ctlcluster}; the Redis server is a child process that can be killed, restarted empty,
 * flushed, frozen ({@code SIGSTOP}) and thawed.
 */
final class ChaosServices implements AutoCloseable {

    static final int PG_PORT = Integer.parseInt(env("CHRONOHOOK_CHAOS_PG_PORT", "5499"));
    static final int REDIS_PORT = Integer.parseInt(env("CHRONOHOOK_CHAOS_REDIS_PORT", "6399"));
    static final String CLUSTER = "chaos";
    static final String DATABASE = "chronohook_chaos";

    private final String version;
    private final Path redisDir;
    private Process redis;

    private ChaosServices(String version) throws IOException {
        this.version = version;
        this.redisDir = Files.createTempDirectory("chronohook-chaos-redis");
    }

    /** Makes the cluster if it is missing, starts it with a fresh database, and starts an empty Redis server. */
    static ChaosServices start() throws Exception {
        String version = newestPostgres();
        ChaosServices services = new ChaosServices(version);
        if (!run(false, "pg_lsclusters", "-h").contains(" " + CLUSTER + " ")) {
            run(true, "pg_createcluster", "--port", Integer.toString(PG_PORT), version, CLUSTER, "--",
                    "--auth=trust");
        }
        services.pgStart();
        services.psql("drop database if exists " + DATABASE + " with (force)");
        services.psql("do $$ begin if not exists (select 1 from pg_roles where rolname = 'chronohook') then "
                + "create role chronohook login createdb password 'chronohook'; end if; end $$");
        services.psql("create database " + DATABASE + " owner chronohook");
        services.redisStart();
        return services;
    }

    void pgStart() throws Exception {
        run(false, "pg_ctlcluster", version, CLUSTER, "start");
        awaitPort(PG_PORT, true, Duration.ofSeconds(30));
    }

    /** A fast shutdown: connections are cut, the server stops. */
    void pgStop() throws Exception {
        run(true, "pg_ctlcluster", version, CLUSTER, "stop", "-m", "fast");
        awaitPort(PG_PORT, false, Duration.ofSeconds(30));
    }

    void pgRestart() throws Exception {
        run(true, "pg_ctlcluster", version, CLUSTER, "restart", "-m", "fast");
        awaitPort(PG_PORT, true, Duration.ofSeconds(30));
    }

    /** An empty Redis (nothing saved, nothing loaded). */
    void redisStart() throws Exception {
        redis = new ProcessBuilder("redis-server", "--port", Integer.toString(REDIS_PORT), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", redisDir.toString())
                .redirectErrorStream(true).redirectOutput(redisDir.resolve("redis.log").toFile()).start();
        awaitPort(REDIS_PORT, true, Duration.ofSeconds(10));
    }

    void redisKill() throws Exception {
        redis.destroyForcibly().waitFor();
        awaitPort(REDIS_PORT, false, Duration.ofSeconds(10));
    }

    void redisFlushAll() throws Exception {
        run(true, "redis-cli", "-p", Integer.toString(REDIS_PORT), "flushall");
    }

    /** Redis stops answering, its connections stay open: a frozen server, as under a long pause or a hung host. */
    void redisFreeze() throws Exception {
        run(true, "kill", "-STOP", Long.toString(redis.pid()));
    }

    void redisThaw() throws Exception {
        run(true, "kill", "-CONT", Long.toString(redis.pid()));
    }

    @Override
    public void close() throws Exception {
        if (redis != null && redis.isAlive()) {
            redisThaw();
            redis.destroyForcibly().waitFor();
        }
        try (Stream<Path> files = Files.walk(redisDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        run(false, "pg_ctlcluster", version, CLUSTER, "stop", "-m", "fast");
    }

    private void psql(String sql) throws Exception {
        List<String> command = new ArrayList<>(List.of("psql", "-h", "127.0.0.1", "-p", Integer.toString(PG_PORT),
                "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qtAc", sql));
        run(true, command.toArray(String[]::new));
    }

    private static String newestPostgres() throws IOException {
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(path -> path.getFileName().toString()).filter(name -> name.matches("\\d+"))
                    .max(Comparator.comparingInt(Integer::parseInt))
                    .orElseThrow(() -> new IllegalStateException("PostgreSQL is not installed"));
        }
    }

    static String run(boolean check, String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        int code = process.waitFor();
        if (check && code != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (" + code + "): " + output);
        }
        return output;
    }

    private static void awaitPort(int port, boolean open, Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            boolean answers;
            try (Socket socket = new Socket("127.0.0.1", port)) {
                answers = true;
            } catch (IOException e) {
                answers = false;
            }
            if (answers == open) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("port " + port + " is still " + (open ? "closed" : "open"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
