package io.chronohook.access;

import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Uuid7;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Creates and revokes API keys, each change audited in the same transaction. */
@Service
public class ApiKeyService {

    private final ApiKeyStore keys;
    private final AuditStore audit;
    private final TransactionalOperator tx;
    private final SecureRandom random;
    private final ApiKeyCache cache;
    private final Clock clock;

    public ApiKeyService(ApiKeyStore keys, AuditStore audit, TransactionalOperator tx, SecureRandom random,
                         ApiKeyCache cache, Clock clock) {
        this.keys = keys;
        this.cache = cache;
        this.audit = audit;
        this.tx = tx;
        this.random = random;
        this.clock = clock;
    }

    /** A key just created: the only moment its plaintext exists outside the caller's hands. */
    public record CreatedKey(ApiKey key, String plaintext) {
    }

    /** Creates a key; must run inside the caller's transaction (sign-up) or {@link #create}'s own. */
    public Mono<CreatedKey> createWithin(TenantId tenantId, String name, Set<Scope> scopes, AuditEntry.Actor actor) {
        ApiKeyId id = new ApiKeyId(Uuid7.next(clock));
        ApiKeyMaterial material = ApiKeyMaterial.generate(random);
        Instant now = clock.instant();
        ApiKey key = new ApiKey(id, tenantId, name, material.prefix(), scopes, now, null);
        Map<String, Object> details = Map.of("name", name, "prefix", material.prefix(),
                "scopes", scopes.stream().map(Scope::wire).sorted().collect(Collectors.toList()));
        return keys.insert(tenantId, id, name, material, scopes, now)
                .then(audit.record(tenantId, actor.entry("api_key.created", "api_key", id.toString(), details)))
                .thenReturn(new CreatedKey(key, material.plaintext()));
    }

    public Mono<CreatedKey> create(Caller caller, String name, Set<Scope> scopes) {
        return createWithin(caller.tenantId(), name, scopes, AuditEntry.Actor.of(caller)).as(tx::transactional);
    }

    /** Revokes at once: the next request with the key is refused. Unknown or foreign ids are 404. */
    public Mono<Void> revoke(Caller caller, ApiKeyId id) {
        TenantId tenantId = caller.tenantId();
        return keys.revoke(tenantId, id, clock.instant())
                .flatMap(revoked -> revoked
                        ? audit.record(tenantId, AuditEntry.by(caller, "api_key.revoked", "api_key", id.toString(),
                                Map.of()))
                        : Mono.error(ApiException.notFound("API key " + id)))
                .as(tx::transactional)
                .then(Mono.defer(() -> cache.revoked(id)));
    }
}
