package io.chronohook.node;

import io.chronohook.pipeline.PipelineProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.ObjectProvider;
import sun.misc.Signal;
import sun.misc.SignalHandler;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * This instance as a node: its id (fresh at each start), its deliveries in flight, whether it may claim runs (not
 * while drained or stopping), and whether it may rescue other nodes' runs (only after its own heartbeats have gone
 * through for a whole dead-after window, so that after an outage no node takes a live node for dead).
 */
@Component
public class LocalNode {

    private final NodeId id = new NodeId(UUID.randomUUID());
    private final String roles;
    private final String version;
    private final String host;
    private final Duration deadAfter;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean drainRequested;
    private volatile boolean stopping;
    private volatile Instant healthySince;
    private volatile Instant lastHeartbeat;

    public LocalNode(PipelineProperties pipeline, NodeProperties properties, ObjectProvider<BuildProperties> build) {
        this.roles = String.join(",", pipeline.roles().stream().sorted().toList());
        this.version = Optional.ofNullable(build.getIfAvailable()).map(BuildProperties::getVersion).orElse("dev");
        this.host = hostName() + "/" + ProcessHandle.current().pid();
        this.deadAfter = properties.deadAfter();
        stopClaimingOnSignal("TERM");
        stopClaimingOnSignal("INT");
    }

    /**
     * Claims stop the instant the process is told to terminate, before the JVM has started its shutdown hooks: the
     * signal's usual handler (which starts them) runs right after.
     */
    private void stopClaimingOnSignal(String name) {
        try {
            Signal signal = new Signal(name);
            SignalHandler[] usual = new SignalHandler[1];
            usual[0] = Signal.handle(signal, received -> {
                stopping = true;
                usual[0].handle(received);
            });
            if (usual[0] == SignalHandler.SIG_DFL || usual[0] == SignalHandler.SIG_IGN) {
                // Not the JVM's own handler (signals handed to the OS, -Xrs): leave the signal as it was.
                Signal.handle(signal, usual[0]);
            }
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            // the platform has no such signal; the application's close event stops claims instead
        }
    }

    public NodeId id() {
        return id;
    }

    String roles() {
        return roles;
    }

    String version() {
        return version;
    }

    String host() {
        return host;
    }

    /** Deliveries started and not yet recorded on this node. */
    public AtomicInteger inFlight() {
        return inFlight;
    }

    /** False while the node is drained or stopping: it takes no new runs. */
    public boolean mayClaim() {
        return !drainRequested && !stopping;
    }

    public boolean stopping() {
        return stopping;
    }

    /** Claims stop the moment the application is told to close, before any component stops. */
    @EventListener(ContextClosedEvent.class)
    public void beginStop() {
        stopping = true;
    }

    /** Takes runs again: the application (or a paused test context) started anew. */
    public void resume() {
        stopping = false;
    }

    /** True once this node's heartbeats have gone through without a gap for a whole dead-after window. */
    public boolean mayRescue(Instant now) {
        Instant since = healthySince;
        return since != null && !since.plus(deadAfter).isAfter(now);
    }

    /** A heartbeat went through at {@code now}; {@code drain} is what the operator asks of the node. */
    void heartbeatWritten(Instant now, boolean drain) {
        Instant last = lastHeartbeat;
        if (healthySince == null || last == null || last.plus(deadAfter).isBefore(now)) {
            healthySince = now;
        }
        lastHeartbeat = now;
        drainRequested = drain;
    }

    /** A heartbeat failed: other nodes may soon take this one for dead, and it rescues nothing until healthy again. */
    void heartbeatFailed() {
        healthySince = null;
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.strip();
        }
        try {
            return Files.readString(Path.of("/etc/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }
}
