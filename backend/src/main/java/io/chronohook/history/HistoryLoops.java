package io.chronohook.history;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import io.chronohook.platform.WorkerLoopSet;
import io.chronohook.usage.InvoiceCloser;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Runs history maintenance, the closing of last month's invoices and the lookup of the oldest partition that can hold
 * an open run on worker instances: a round of each at start (so that today's and the next days' partitions exist
 * before the first runs are written), then every {@code chronohook.history.interval} (the floor every
 * {@code floor-interval}), at once again while a round finds work.
 */
@Component
public class HistoryLoops extends WorkerLoopSet {

    private final HistoryProperties properties;
    private final HistoryMaintenance maintenance;
    private final InvoiceCloser invoices;
    private final OpenRunsFloor floor;

    public HistoryLoops(PipelineProperties pipeline, HistoryProperties properties, HistoryMaintenance maintenance,
                        InvoiceCloser invoices, OpenRunsFloor floor) {
        super(pipeline.worker());
        this.properties = properties;
        this.maintenance = maintenance;
        this.invoices = invoices;
        this.floor = floor;
    }

    @Override
    protected List<Loop> startLoops() {
        return List.of(
                Loop.start("history maintenance", maintenance::runOnce, properties.interval(), properties.interval()),
                Loop.start("invoice closer", invoices::runOnce, properties.interval(), properties.interval()),
                Loop.start("open runs floor", floor::runOnce, properties.floorInterval(), properties.floorInterval()));
    }
}
