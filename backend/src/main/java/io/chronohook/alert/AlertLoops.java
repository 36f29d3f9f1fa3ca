package io.chronohook.alert;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Starts the alert loops on worker instances — the sender, the missed-window scanner and the hourly purge — and stops
 * them with the rest of the pipeline (a round in progress finishes; a claimed alert left behind is taken again when
 * its lease runs out).
 */
@Component
public class AlertLoops implements SmartLifecycle {

    private static final Duration PURGE_EVERY = Duration.ofHours(1);

    private final PipelineProperties pipeline;
    private final AlertProperties properties;
    private final AlertSender sender;
    private final MissedWindowScanner scanner;
    private final List<Loop> loops = new ArrayList<>();
    private volatile boolean running;

    public AlertLoops(PipelineProperties pipeline, AlertProperties properties, AlertSender sender,
                      MissedWindowScanner scanner) {
        this.pipeline = pipeline;
        this.properties = properties;
        this.sender = sender;
        this.scanner = scanner;
    }

    @Override
    public void start() {
        running = true;
        if (!pipeline.worker()) {
            return;
        }
        loops.add(Loop.start("alert sender", sender::runOnce, properties.interval(), properties.interval()));
        loops.add(Loop.every("missed-window scanner", scanner::runOnce, properties.scanInterval()));
        loops.add(Loop.every("alert purge", sender::purgeOnce, PURGE_EVERY));
    }

    @Override
    public void stop() {
        loops.forEach(loop -> loop.stop(Duration.ofSeconds(5)));
        loops.clear();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops with the worker loops, before the web server and the connection pools go away. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1000;
    }
}
