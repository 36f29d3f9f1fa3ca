package io.chronohook.running;

import io.chronohook.observability.MeterNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/** The meters of long-running work: running runs (sampled), heartbeat intervals, attempts ended and timed out. */
@Component
public class RunningMetrics {

    private final MeterRegistry registry;
    private final AtomicLong running = new AtomicLong();
    private final Timer heartbeatInterval;

    public RunningMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder(MeterNames.RUNNING_RUNS, running, AtomicLong::get)
                .description("Runs whose receiver answered 202 and works on").baseUnit("runs").register(registry);
        heartbeatInterval = Timer.builder(MeterNames.HEARTBEAT_INTERVAL)
                .description("Time between two heartbeats of a running run")
                .publishPercentileHistogram().register(registry);
    }

    void sampledRunning(long count) {
        running.set(count);
    }

    void heartbeat(Duration sincePrevious) {
        if (sincePrevious != null && !sincePrevious.isNegative()) {
            heartbeatInterval.record(sincePrevious);
        }
    }

    void ended(String how) {
        Counter.builder(MeterNames.RUNNING_ENDED).tag("how", how)
                .description("Long-running attempts ended").register(registry).increment();
    }

    void timedOut(boolean ranTooLong) {
        ended("timed_out");
        Counter.builder(MeterNames.RUNNING_TIMED_OUT).tag("reason", ranTooLong ? "max_duration" : "heartbeat")
                .description("Running attempts timed out").register(registry).increment();
    }
}
