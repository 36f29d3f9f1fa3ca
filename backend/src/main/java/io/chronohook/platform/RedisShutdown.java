package io.chronohook.platform;

import java.util.concurrent.TimeUnit;
import org.redisson.api.RedissonClient;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Closes the Redis connections once everything that uses them has stopped, without the two seconds of quiet Redisson
 * waits for by default: an instance told to stop, with nothing left to send, exits at once.
 */
@Component
public class RedisShutdown implements SmartLifecycle {

    private final RedissonClient redis;
    private volatile boolean running;
    private volatile boolean closing;

    public RedisShutdown(RedissonClient redis) {
        this.redis = redis;
    }

    @Override
    public void start() {
        running = true;
    }

    /** The application is closing for good (a stop without it is a pause: the connections are kept). */
    @EventListener(ContextClosedEvent.class)
    public void closing() {
        closing = true;
    }

    @Override
    public void stop() {
        running = false;
        if (closing && !redis.isShuttingDown() && !redis.isShutdown()) {
            redis.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops after every other component (the web server, the worker, the heartbeat). */
    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1000;
    }
}
