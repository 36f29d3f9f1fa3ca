package io.chronohook.pipeline;

import io.chronohook.account.SigningSecretRotated;
import io.chronohook.account.SigningSecrets;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.signing.SigningSecret;
import io.chronohook.platform.RefreshingCache;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The secrets that sign a tenant's callbacks, opened once and kept for a few seconds (refreshed behind the
 * look-ups, {@link RefreshingCache}), so the hot path does not decrypt per run. A rotation made through this instance
 * applies at once; one made through another instance reaches this one within {@link #TTL} and a read (meanwhile the
 * previous secret still signs, in its grace period).
 */
@Component
public class TenantSecrets {

    static final Duration TTL = Duration.ofSeconds(5);

    private final SigningSecrets secrets;
    private final RefreshingCache<TenantId, List<SigningSecret>> cache;

    public TenantSecrets(SigningSecrets secrets, Clock clock) {
        this.secrets = secrets;
        this.cache = new RefreshingCache<>(TTL, clock, this::read);
    }

    @EventListener
    void onRotation(SigningSecretRotated rotated) {
        cache.forget(rotated.tenantId());
    }

    public Mono<List<SigningSecret>> of(TenantId tenantId) {
        return cache.get(tenantId);
    }

    private Mono<List<SigningSecret>> read(TenantId tenantId) {
        return secrets.valid(tenantId).map(valid -> valid.stream().map(SigningSecrets.Revealed::secret).toList());
    }
}
