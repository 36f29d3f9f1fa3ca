package io.chronohook.pipeline;

import io.chronohook.account.SigningSecretRotated;
import io.chronohook.account.SigningSecrets;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.signing.SigningSecret;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The secrets that sign a tenant's callbacks, opened once and kept for a few seconds, so the hot path does not
 * decrypt per run. A rotation made through this instance applies at once; one made through another instance reaches
 * this one within {@link #TTL} (meanwhile the previous secret still signs, in its grace period).
 */
@Component
public class TenantSecrets {

    static final Duration TTL = Duration.ofSeconds(5);

    private final SigningSecrets secrets;
    private final Clock clock;
    private final Map<TenantId, Cached> cache = new ConcurrentHashMap<>();

    public TenantSecrets(SigningSecrets secrets, Clock clock) {
        this.secrets = secrets;
        this.clock = clock;
    }

    private record Cached(Instant expiresAt, Mono<List<SigningSecret>> secrets) {
    }

    @EventListener
    void onRotation(SigningSecretRotated rotated) {
        cache.remove(rotated.tenantId());
    }

    public Mono<List<SigningSecret>> of(TenantId tenantId) {
        Instant now = clock.instant();
        Cached cached = cache.get(tenantId);
        if (cached == null || cached.expiresAt().isBefore(now)) {
            Mono<List<SigningSecret>> loading = secrets.valid(tenantId)
                    .map(valid -> valid.stream().map(SigningSecrets.Revealed::secret).toList())
                    .cache();
            cached = new Cached(now.plus(TTL), loading);
            cache.put(tenantId, cached);
        }
        return cached.secrets().doOnError(error -> cache.remove(tenantId));
    }
}
