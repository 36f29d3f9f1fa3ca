package io.chronohook.pipeline;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The circuit breakers every instance shares, in one Redis hash: each breaker that is not closed, by name
 * ({@code tenant|host}), with the moment it goes (or went) half-open. A breaker opened on one instance is open on all
 * of them; closed on one, it is closed on all.
 */
@Component
public class BreakerBoard {

    static final String KEY = "chronohook:breakers";

    private final RedissonClient redis;

    public BreakerBoard(RedissonClient redis) {
        this.redis = redis;
    }

    public Mono<Void> opened(String name, Instant halfOpenAt) {
        return Mono.fromCompletionStage(() -> redis.<String, String>getMap(KEY, StringCodec.INSTANCE)
                .fastPutAsync(name, Long.toString(halfOpenAt.toEpochMilli()))).then();
    }

    public Mono<Void> closed(String name) {
        return Mono.fromCompletionStage(() -> redis.<String, String>getMap(KEY, StringCodec.INSTANCE)
                .fastRemoveAsync(name)).then();
    }

    /** Every breaker that is not closed, with its half-open time. */
    public Mono<Map<String, Instant>> read() {
        return Mono.fromCompletionStage(() -> redis.<String, String>getMap(KEY, StringCodec.INSTANCE).readAllMapAsync())
                .map(entries -> {
                    Map<String, Instant> board = new HashMap<>();
                    entries.forEach((name, millis) -> board.put(name, Instant.ofEpochMilli(Long.parseLong(millis))));
                    return board;
                });
    }
}
