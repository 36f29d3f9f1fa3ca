package io.chronohook.e2e.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Redis Cluster of three masters on free loopback ports, each a {@code redis-server} child process keeping nothing
 * on disk but its cluster file in a temporary folder; the slots are spread by {@code redis-cli --cluster create}.
 */
public final class RedisCluster implements AutoCloseable {

    private static final int NODES = 3;

    private final Path dir;
    private final List<Integer> ports = new ArrayList<>();
    private final List<Process> nodes = new ArrayList<>();

    private RedisCluster() throws IOException {
        this.dir = Files.createTempDirectory("chronohook-redis-cluster");
    }

    /** Starts the nodes, joins them into one cluster and returns once every node says the cluster is ok. */
    public static RedisCluster start() throws Exception {
        RedisCluster cluster = new RedisCluster();
        try {
            for (int i = 0; i < NODES; i++) {
                cluster.startNode(freePort());
            }
            List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
            cluster.ports.forEach(port -> create.add("127.0.0.1:" + port));
            create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
            run(create);
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            while (!cluster.ok()) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("the cluster did not become ok: " + cluster.cli(0, "cluster",
                            "info"));
                }
                Thread.sleep(200);
            }
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    /** The nodes as Spring's {@code spring.data.redis.cluster.nodes} takes them: {@code host:port,…}. */
    public String nodes() {
        return String.join(",", ports.stream().map(port -> "127.0.0.1:" + port).toList());
    }

    /** How many keys each node holds. */
    public List<Long> keysPerNode() throws Exception {
        List<Long> counts = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            counts.add(Long.parseLong(cli(i, "dbsize").trim()));
        }
        return counts;
    }

    /** What {@code redis-cli} prints for a command sent to the {@code node}-th node. */
    public String cli(int node, String... command) throws Exception {
        List<String> line = new ArrayList<>(List.of("redis-cli", "-p", Integer.toString(ports.get(node))));
        line.addAll(List.of(command));
        return run(line);
    }

    private boolean ok() throws Exception {
        for (int i = 0; i < ports.size(); i++) {
            if (!cli(i, "cluster", "info").contains("cluster_state:ok")) {
                return false;
            }
        }
        return true;
    }

    private void startNode(int port) throws Exception {
        Path nodeDir = Files.createDirectories(dir.resolve(Integer.toString(port)));
        Process node = new ProcessBuilder("redis-server", "--bind", "127.0.0.1", "--port", Integer.toString(port),
                "--cluster-enabled", "yes", "--cluster-config-file", nodeDir.resolve("nodes.conf").toString(),
                "--dir", nodeDir.toString(), "--save", "", "--appendonly", "no")
                .redirectErrorStream(true).redirectOutput(nodeDir.resolve("redis.log").toFile()).start();
        nodes.add(node);
        ports.add(port);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (!answers(port)) {
            if (!node.isAlive() || Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("redis-server on " + port + " did not start: "
                        + Files.readString(nodeDir.resolve("redis.log")));
            }
            Thread.sleep(100);
        }
    }

    private static boolean answers(int port) throws Exception {
        Process ping = new ProcessBuilder("redis-cli", "-p", Integer.toString(port), "ping").redirectErrorStream(true)
                .start();
        String output = new String(ping.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return ping.waitFor(10, TimeUnit.SECONDS) && output.contains("PONG");
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }

    /** A free port whose cluster bus port (10,000 above it) is free too, below the kernel's ephemeral range. */
    private static int freePort() throws IOException {
        java.util.Random random = new java.util.Random();
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = 20_000 + random.nextInt(10_000);
            if (free(port) && free(port + 10_000)) {
                return port;
            }
        }
        throw new IOException("no free pair of ports between 20000 and 40000");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    @Override
    public void close() throws Exception {
        for (Process node : nodes) {
            node.destroyForcibly().waitFor();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
