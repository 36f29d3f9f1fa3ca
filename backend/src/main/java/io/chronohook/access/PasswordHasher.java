package io.chronohook.access;

import io.chronohook.observability.MeterNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** bcrypt hashing and checking, off the event loop on a bounded scheduler. */
@Component
public class PasswordHasher {

    /** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
    public static final int MAX_BYTES = 72;

    private final BCryptPasswordEncoder encoder;
    private final Scheduler scheduler = Schedulers.boundedElastic();
    /** Checked against when the email is unknown, so that sign-in takes as long whether or not the member exists. */
    private final String decoyHash;

    /** Every password check (a bcrypt round): what bounds the CPU the sign-in endpoints can be made to burn. */
    private final Counter checks;

    public PasswordHasher(AuthProperties properties, MeterRegistry meters) {
        this.encoder = new BCryptPasswordEncoder(properties.bcryptStrength());
        this.checks = Counter.builder(MeterNames.PASSWORD_CHECKS)
                .description("Password checks (bcrypt rounds) made by sign-ins")
                .register(meters);
        this.decoyHash = encoder.encode("decoy password that matches nothing");
    }

    public static boolean fits(String password) {
        return password.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES;
    }

    public Mono<String> hash(String password) {
        return Mono.fromCallable(() -> encoder.encode(password)).subscribeOn(scheduler);
    }

    /** Checks a password against a stored hash, or against the decoy when there is none. */
    public Mono<Boolean> matches(String password, String hashOrNull) {
        String hash = hashOrNull == null ? decoyHash : hashOrNull;
        return Mono.fromCallable(() -> {
            checks.increment();
            return encoder.matches(password, hash) && hashOrNull != null;
        }).subscribeOn(scheduler);
    }
}
