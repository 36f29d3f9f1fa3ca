package io.chronohook.account;

import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.signing.SigningSecret;
import io.chronohook.platform.SecretCipher;
import io.chronohook.platform.Uuid7;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** A tenant's signing secrets: created at sign-up, revealed, rotated with a grace period; read by the dispatcher. */
@Service
public class SigningSecrets {

    private final SigningSecretStore store;
    private final SecretCipher cipher;
    private final AuditStore audit;
    private final TransactionalOperator tx;
    private final SecureRandom random;
    private final Clock clock;
    private final ApplicationEventPublisher events;

    public SigningSecrets(SigningSecretStore store, SecretCipher cipher, AuditStore audit, TransactionalOperator tx,
                          SecureRandom random, Clock clock, ApplicationEventPublisher events) {
        this.store = store;
        this.cipher = cipher;
        this.audit = audit;
        this.tx = tx;
        this.random = random;
        this.clock = clock;
        this.events = events;
    }

    /** One secret in the clear, with when it stops signing (null for the current one). */
    public record Revealed(SigningSecret secret, Instant createdAt, Instant expiresAt) {
    }

    /** Creates the tenant's first secret; runs inside the sign-up transaction. */
    public Mono<SigningSecret> createFirst(TenantId tenantId) {
        SigningSecret secret = SigningSecret.generate(random);
        return insert(tenantId, secret, clock.instant()).thenReturn(secret);
    }

    /** The secrets that sign now: the current one first, then those still in their grace period. */
    public Mono<List<Revealed>> valid(TenantId tenantId) {
        return store.findValid(tenantId, clock.instant())
                .map(stored -> new Revealed(
                        SigningSecret.parse(new String(cipher.open(stored.sealed(), associatedData(tenantId)),
                                StandardCharsets.US_ASCII)),
                        stored.createdAt(), stored.expiresAt()))
                .collectList();
    }

    /** Makes a new current secret; the old one keeps signing for {@code gracePeriod} so receivers can switch over. */
    public Mono<List<Revealed>> rotate(TenantId tenantId, AuditEntry.Actor actor, Duration gracePeriod) {
        Instant now = clock.instant();
        SigningSecret next = SigningSecret.generate(random);
        return store.lockTenant(tenantId)
                .then(store.deleteExpired(tenantId, now))
                .then(store.retireCurrent(tenantId, now.plus(gracePeriod)))
                .then(insert(tenantId, next, now))
                .then(audit.record(tenantId, actor.entry("signing_secret.rotated", "signing_secret", null,
                        Map.of("gracePeriod", gracePeriod.toString()))))
                .as(tx::transactional)
                .then(Mono.fromRunnable(() -> events.publishEvent(new SigningSecretRotated(tenantId))))
                .then(valid(tenantId));
    }

    private Mono<Void> insert(TenantId tenantId, SigningSecret secret, Instant now) {
        SecretCipher.Sealed sealed = cipher.seal(secret.encoded().getBytes(StandardCharsets.US_ASCII),
                associatedData(tenantId));
        return store.insertCurrent(tenantId, Uuid7.next(clock), sealed, now);
    }

    private static byte[] associatedData(TenantId tenantId) {
        return ("signing_secret:" + tenantId).getBytes(StandardCharsets.US_ASCII);
    }
}
