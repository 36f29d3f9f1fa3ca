package io.chronohook.account;

import io.chronohook.access.ApiKeyService;
import io.chronohook.access.Member;
import io.chronohook.access.MemberId;
import io.chronohook.access.MemberRole;
import io.chronohook.access.MemberStore;
import io.chronohook.access.PasswordHasher;
import io.chronohook.access.Scope;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Uuid7;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Self-service sign-up: tenant, owner, signing secret and first API key in one transaction, or nothing. */
@Service
public class SignupService {

    private final TenantStore tenants;
    private final MemberStore members;
    private final PasswordHasher passwords;
    private final SigningSecrets secrets;
    private final ApiKeyService apiKeys;
    private final AuditStore audit;
    private final TransactionalOperator tx;
    private final AccountProperties properties;
    private final Clock clock;

    public SignupService(TenantStore tenants, MemberStore members, PasswordHasher passwords, SigningSecrets secrets,
                         ApiKeyService apiKeys, AuditStore audit, TransactionalOperator tx,
                         AccountProperties properties, Clock clock) {
        this.tenants = tenants;
        this.members = members;
        this.passwords = passwords;
        this.secrets = secrets;
        this.apiKeys = apiKeys;
        this.audit = audit;
        this.tx = tx;
        this.properties = properties;
        this.clock = clock;
    }

    /** What sign-up hands back, once: the tenant id, the first API key and the signing secret. */
    public record SignedUp(TenantId tenantId, MemberId memberId, String apiKey, String signingSecret) {
    }

    public Mono<SignedUp> signUp(String tenantName, String email, String password) {
        TenantId tenantId = TenantId.random();
        MemberId memberId = new MemberId(Uuid7.next(clock));
        AuditEntry.Actor actor = AuditEntry.Actor.member(memberId.toString());
        String plan = properties.defaultPlan();
        return members.emailTaken(email)
                .flatMap(taken -> taken ? Mono.error(emailTaken()) : passwords.hash(password))
                .flatMap(hash -> {
                    Instant now = clock.instant();
                    Member owner = new Member(memberId, tenantId, email, hash, MemberRole.OWNER);
                    return tenants.create(tenantId, tenantName, plan, now)
                            .then(members.insert(owner, now))
                            .then(audit.record(tenantId, actor.entry("tenant.created", "tenant", tenantId.toString(),
                                    Map.of("name", tenantName, "plan", plan, "owner", email))))
                            .then(secrets.createFirst(tenantId))
                            .flatMap(secret -> apiKeys
                                    .createWithin(tenantId, "default", EnumSet.allOf(Scope.class), actor)
                                    .map(key -> new SignedUp(tenantId, memberId, key.plaintext(), secret.encoded())))
                            .as(tx::transactional);
                })
                .onErrorMap(DuplicateKeyException.class, duplicate -> emailTaken());
    }

    private static ApiException emailTaken() {
        return new ApiException(HttpStatus.CONFLICT, "email_taken",
                "an account with this email already exists; sign in instead");
    }
}
