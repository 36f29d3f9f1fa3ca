package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ApiTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * An API key used lately is authenticated without a look-up, for the time keys are kept; a revocation reaches the
 * other instances' caches through Redis at once; past the time, a kept key is looked up again.
 */
class ApiKeyCacheTest extends ApiTest {

    @Autowired
    AuthProperties properties;
    @Autowired
    RedissonClient redis;
    @Autowired
    DatabaseClient db;

    @Test
    void aKeyUsedLatelyIsAuthenticatedWithoutALookUp() {
        TestTenant tenant = signUp();
        Map<?, ?> created = createKey(tenant.apiKey(), "kept");
        String key = (String) created.get("apiKey");
        listKeys(key).expectStatus().isOk();

        // The row changes behind the service's back (as a revocation on another instance whose notice was lost):
        // this instance goes on with the key it keeps, for at most the time it keeps keys.
        db.sql("update api_key set revoked_at = now() where id = :id")
                .bind("id", storedId((String) created.get("id"))).then().block();
        listKeys(key).expectStatus().isOk();
        assertThat(properties.apiKeyCache()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aRevocationIsHeardByEveryInstance() {
        TestTenant tenant = signUp();
        Map<?, ?> created = createKey(tenant.apiKey(), "revoked elsewhere");
        String key = (String) created.get("apiKey");
        ApiKeyId id = new ApiKeyId(storedId((String) created.get("id")));
        ApiKeyCache otherInstance = new ApiKeyCache(properties, redis);
        ApiKeyStore.Credential credential = new ApiKeyStore.Credential(id, null, ApiKeyMaterial.hash(key),
                Set.of(Scope.ADMIN));
        String prefix = ApiKeyMaterial.prefixOf(key);
        Instant now = Instant.now();
        otherInstance.put(prefix, credential, now, otherInstance.forgettings());
        assertThat(otherInstance.get(prefix, now)).contains(credential);
        // Listening once a notice of another key reaches it (the listener is added in the background).
        ApiKeyStore.Credential probe = new ApiKeyStore.Credential(new ApiKeyId(UUID.randomUUID()), null, new byte[32],
                Set.of(Scope.JOBS_READ));
        otherInstance.put("chk_probe", probe, now, otherInstance.forgettings());
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            redis.getTopic(ApiKeyCache.REVOKED_CHANNEL, StringCodec.INSTANCE).publish(probe.id().value().toString());
            return otherInstance.get("chk_probe", now).isEmpty();
        });
        assertThat(otherInstance.get(prefix, now)).as("only the key named is forgotten").contains(credential);

        http.delete().uri("/api/v1/api-keys/{id}", created.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();

        await().atMost(Duration.ofSeconds(5)).until(() -> otherInstance.get(prefix, Instant.now()).isEmpty());
        listKeys(key).expectStatus().isUnauthorized();
    }

    @Test
    void aKeptKeyIsLookedUpAgainOnceItsTimeIsOverAndNoMoreThanTheMostAreKept() {
        ApiKeyCache cache = new ApiKeyCache(properties, redis);
        Instant now = Instant.now();
        ApiKeyStore.Credential credential = new ApiKeyStore.Credential(new ApiKeyId(UUID.randomUUID()), null,
                new byte[32], Set.of(Scope.JOBS_READ));
        cache.put("chk_first", credential, now, cache.forgettings());

        assertThat(cache.get("chk_first", now.plus(properties.apiKeyCache()).minusMillis(1))).contains(credential);
        assertThat(cache.get("chk_first", now.plus(properties.apiKeyCache()))).isEmpty();

        for (int i = 0; i < ApiKeyCache.MOST_KEPT + 1; i++) {
            cache.put("chk_" + i, credential, now, cache.forgettings());
        }
        assertThat(cache.get("chk_" + ApiKeyCache.MOST_KEPT, now)).as("the newest").contains(credential);
        assertThat(cache.get("chk_0", now)).as("all dropped once the most were kept and none had expired").isEmpty();

        // A key looked up before another was forgotten (its revocation may have committed after the look-up read
        // it) is not kept.
        long before = cache.forgettings();
        cache.forget(new ApiKeyId(UUID.randomUUID()));
        cache.put("chk_read_before", credential, now, before);
        assertThat(cache.get("chk_read_before", now)).isEmpty();

        ApiKeyCache none = new ApiKeyCache(new AuthProperties(properties.jwt(), properties.bcryptStrength(), null,
                Duration.ZERO), redis);
        none.put("chk_first", credential, now, none.forgettings());
        assertThat(none.get("chk_first", now)).as("nothing kept at PT0S").isEmpty();
    }

    private Map<?, ?> createKey(String adminKey, String name) {
        return http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + adminKey)
                .bodyValue(Map.of("name", name, "scopes", List.of("admin")))
                .exchange().expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec listKeys(String key) {
        return http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + key).exchange();
    }
}
