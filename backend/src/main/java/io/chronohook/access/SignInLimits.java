package io.chronohook.access;

import io.chronohook.platform.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The limits of the unauthenticated calls, shared by every instance through Redis. Sign-in attempts and sign-ups are
 * counted per client address in fixed windows; failed sign-ins per account lock it for {@code firstLockout}, doubled
 * on each further failure up to {@code longestLockout}. A locked account is refused before its password is checked,
 * so a stream of guesses costs no bcrypt round. When Redis does not answer within {@code redisTimeout}, the calls go
 * through unlimited: the limits protect the service and must not lock everyone out, or keep them waiting, with Redis.
 */
@Component
public class SignInLimits {

    private static final Logger log = LoggerFactory.getLogger(SignInLimits.class);
    private static final String PREFIX = "chronohook:signin:";

    /** KEYS[1] the window's counter; ARGV[1] the window in ms. Returns {count, ms left in the window}. */
    private static final String COUNT_IN_WINDOW = """
            local n = redis.call('INCR', KEYS[1])
            if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            return {n, redis.call('PTTL', KEYS[1])}""";

    /**
     * KEYS[1] the account's failures, KEYS[2] its lock; ARGV: failures remembered (ms), failures before lockout, first
     * lockout (ms), longest lockout (ms). Returns the lockout this failure starts, in ms (0: none yet).
     */
    private static final String RECORD_FAILURE = """
            local n = redis.call('INCR', KEYS[1])
            redis.call('PEXPIRE', KEYS[1], ARGV[1])
            local threshold = tonumber(ARGV[2])
            if n < threshold then return 0 end
            local ms = math.min(tonumber(ARGV[3]) * (2 ^ math.min(n - threshold, 40)), tonumber(ARGV[4]))
            redis.call('SET', KEYS[2], '1', 'PX', math.floor(ms))
            return math.floor(ms)""";

    private final RedissonClient redisson;
    private final SignInLimitProperties properties;

    public SignInLimits(RedissonClient redisson, SignInLimitProperties properties) {
        this.redisson = redisson;
        this.properties = properties;
    }

    /** Completes when {@code address} may try to sign in once more; else a 429 with the wait. */
    public Mono<Void> signInAttempt(String address) {
        return window("address:" + address, Duration.ofMinutes(1), properties.signInsPerAddressPerMinute(),
                "too many sign-in attempts from this address");
    }

    /** Completes when {@code address} may sign up once more; else a 429 with the wait. */
    public Mono<Void> signUp(String address) {
        return window("signup:" + address, Duration.ofHours(1), properties.signUpsPerAddressPerHour(),
                "too many sign-ups from this address");
    }

    /** Completes when the account is not locked; else a 429 saying when to try again. */
    public Mono<Void> unlocked(String email) {
        return Mono.fromCompletionStage(redisson.getBucket(lockKey(email), StringCodec.INSTANCE).remainTimeToLiveAsync())
                .timeout(properties.redisTimeout())
                .flatMap(ms -> ms > 0
                        ? Mono.<Void>error(tooMany("this account is locked after repeated failed sign-ins",
                                Duration.ofMillis(ms)))
                        : Mono.<Void>empty())
                .onErrorResume(error -> !(error instanceof ApiException), this::unavailable);
    }

    /** Counts a wrong password for the account, locking it once the failures reach the threshold. */
    public Mono<Void> failed(String email) {
        RScript script = redisson.getScript(StringCodec.INSTANCE);
        return Mono.fromCompletionStage(script.<Long>evalAsync(RScript.Mode.READ_WRITE, RECORD_FAILURE,
                        RScript.ReturnType.LONG, List.<Object>of(failuresKey(email), lockKey(email)),
                        Long.toString(properties.failuresRemembered().toMillis()),
                        Integer.toString(properties.failuresBeforeLockout()),
                        Long.toString(properties.firstLockout().toMillis()),
                        Long.toString(properties.longestLockout().toMillis())))
                .timeout(properties.redisTimeout())
                .then()
                .onErrorResume(this::unavailable);
    }

    /** A successful sign-in forgets the account's failures. */
    public Mono<Void> succeeded(String email) {
        return Mono.fromCompletionStage(redisson.getKeys().deleteAsync(failuresKey(email), lockKey(email)))
                .timeout(properties.redisTimeout())
                .then()
                .onErrorResume(this::unavailable);
    }

    private Mono<Void> window(String name, Duration window, int limit, String what) {
        RScript script = redisson.getScript(StringCodec.INSTANCE);
        return Mono.fromCompletionStage(script.<List<Long>>evalAsync(RScript.Mode.READ_WRITE, COUNT_IN_WINDOW,
                        RScript.ReturnType.LIST, List.<Object>of(PREFIX + name), Long.toString(window.toMillis())))
                .timeout(properties.redisTimeout())
                .flatMap(answer -> answer.get(0) > limit
                        ? Mono.<Void>error(tooMany(what + " (" + limit + " per " + describe(window) + ")",
                                Duration.ofMillis(Math.max(answer.get(1), 0))))
                        : Mono.<Void>empty())
                .onErrorResume(error -> !(error instanceof ApiException), this::unavailable);
    }

    private Mono<Void> unavailable(Throwable error) {
        log.warn("sign-in limits not applied: Redis did not answer", error);
        return Mono.empty();
    }

    /** A 429 {@code too_many_attempts} whose {@code Retry-After} is {@code wait} rounded up to whole seconds. */
    static ApiException tooMany(String what, Duration wait) {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        return ApiException.tooManyRequests("too_many_attempts", what + "; try again in " + seconds + " s", seconds);
    }

    private static String describe(Duration window) {
        return window.equals(Duration.ofHours(1)) ? "hour" : "minute";
    }

    /**
     * The account's failure counter. It and the lock share the account's hash tag: the failure script takes both in
     * one slot on Redis Cluster.
     */
    static String failuresKey(String email) {
        return PREFIX + "{" + email.toLowerCase(Locale.ROOT) + "}:failures";
    }

    /** The account's lock, in the slot of its failure counter. */
    static String lockKey(String email) {
        return PREFIX + "{" + email.toLowerCase(Locale.ROOT) + "}:locked";
    }
}
