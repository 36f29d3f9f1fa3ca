package io.chronohook.alert;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import io.chronohook.platform.WorkerLoopSet;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Starts the alert loops on worker instances — the sender, the missed-window scanner and the hourly purge — and stops
 * them with the rest of the pipeline (a round in progress finishes; a claimed alert left behind is taken again when
 * its lease runs out).
 */
@Component
public class AlertLoops extends WorkerLoopSet {

    private static final Duration PURGE_EVERY = Duration.ofHours(1);

    private final AlertProperties properties;
    private final AlertSender sender;
    private final MissedWindowScanner scanner;

    public AlertLoops(PipelineProperties pipeline, AlertProperties properties, AlertSender sender,
                      MissedWindowScanner scanner) {
        super(pipeline.worker());
        this.properties = properties;
        this.sender = sender;
        this.scanner = scanner;
    }

    @Override
    protected List<Loop> startLoops() {
        return List.of(
                Loop.start("alert sender", sender::runOnce, properties.interval(), properties.interval()),
                Loop.every("missed-window scanner", scanner::runOnce, properties.scanInterval()),
                Loop.every("alert purge", sender::purgeOnce, PURGE_EVERY));
    }
}
