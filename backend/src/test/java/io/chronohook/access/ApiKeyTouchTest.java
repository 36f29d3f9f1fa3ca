package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/** A key's last use is written at most once a minute by an instance: the uses between cost no statement. */
class ApiKeyTouchTest extends ApiTest {

    @Autowired
    ApiKeyStore keys;
    @Autowired
    DatabaseClient db;

    @Test
    void aUseWithinAMinuteOfTheLastWriteIsNotWrittenAgain() {
        UUID keyId = UUID.randomUUID();
        TestTenant tenant = signUp();
        db.sql("insert into api_key (id, tenant_id, name, prefix, secret_hash, scopes, created_at) "
                        + "values (:id, :tenant, 'touch', :prefix, :hash, '{jobs:read}', now())")
                .bind("id", keyId).bind("tenant", tenantUuid(tenant.tenantId()))
                .bind("prefix", "chk_" + keyId.toString().substring(0, 8)).bind("hash", ByteBuffer.wrap(new byte[32]))
                .then().block();
        ApiKeyId id = new ApiKeyId(keyId);
        Instant first = Instant.now().truncatedTo(ChronoUnit.SECONDS);

        keys.touch(id, first).block();
        assertThat(lastUsed(keyId)).contains(first);
        db.sql("update api_key set last_used_at = null where id = :id").bind("id", keyId).then().block();

        keys.touch(id, first.plusSeconds(59)).block();
        assertThat(lastUsed(keyId)).as("59 s after this instance wrote it: no statement").isEmpty();

        keys.touch(id, first.plus(Duration.ofSeconds(61))).block();
        assertThat(lastUsed(keyId)).contains(first.plusSeconds(61));
    }

    private Optional<Instant> lastUsed(UUID keyId) {
        return db.sql("select last_used_at from api_key where id = :id").bind("id", keyId)
                .map(row -> Optional.ofNullable(row.get("last_used_at", OffsetDateTime.class))
                        .map(OffsetDateTime::toInstant))
                .one().block();
    }
}
