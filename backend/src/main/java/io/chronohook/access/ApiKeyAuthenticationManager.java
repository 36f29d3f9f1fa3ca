package io.chronohook.access;

import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Authenticates {@code chk_…} bearer keys: find by prefix (kept a few seconds by {@link ApiKeyCache}), compare hashes
 * in constant time, note the use.
 */
@Component
public class ApiKeyAuthenticationManager {

    private static final Logger log = LoggerFactory.getLogger(ApiKeyAuthenticationManager.class);

    private final ApiKeyStore keys;
    private final ApiKeyCache cache;
    private final Clock clock;

    public ApiKeyAuthenticationManager(ApiKeyStore keys, ApiKeyCache cache, Clock clock) {
        this.keys = keys;
        this.cache = cache;
        this.clock = clock;
    }

    public Mono<Authentication> authenticate(String key) {
        if (!ApiKeyMaterial.wellFormed(key)) {
            return Mono.error(new BadCredentialsException("malformed API key"));
        }
        String prefix = ApiKeyMaterial.prefixOf(key);
        Instant now = clock.instant();
        return Mono.justOrEmpty(cache.get(prefix, now))
                .switchIfEmpty(Mono.defer(() -> {
                    long forgettings = cache.forgettings();
                    return keys.findActiveByPrefix(prefix)
                            .doOnNext(credential -> cache.put(prefix, credential, now, forgettings));
                }))
                .filter(credential -> ApiKeyMaterial.matches(key, credential.hash()))
                .switchIfEmpty(Mono.error(() -> new BadCredentialsException("unknown or revoked API key")))
                .flatMap(credential -> keys.touch(credential.id(), now)
                        .onErrorResume(error -> {
                            log.warn("could not record the use of API key {}", credential.id(), error);
                            return Mono.empty();
                        })
                        .thenReturn(new CallerAuthentication(new Caller(credential.tenantId(), Caller.Kind.API_KEY,
                                credential.id().toString(), credential.scopes()))));
    }
}
