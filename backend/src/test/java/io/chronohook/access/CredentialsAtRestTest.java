package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/** Reads the tables directly: no API key, password or signing secret may be stored in the clear. */
class CredentialsAtRestTest extends ApiTest {

    @Autowired
    DatabaseClient db;

    @Test
    void noCredentialAppearsInClearInAnyAccountTable() {
        TestTenant tenant = signUp();
        String tenantUuid = uuidOf(tenant.tenantId());
        String keySecretPart = tenant.apiKey().substring(12);
        String signingKeyBase64 = tenant.signingSecret().substring("whsec_".length());
        byte[] signingKeyBytes = Base64.getDecoder().decode(signingKeyBase64);

        List<String> cells = new ArrayList<>();
        List<byte[]> binaryCells = new ArrayList<>();
        for (String sql : List.of(
                "select * from member where tenant_id = '" + tenantUuid + "'",
                "select * from api_key where tenant_id = '" + tenantUuid + "'",
                "select * from signing_secret where tenant_id = '" + tenantUuid + "'",
                "select * from audit_event where tenant_id = '" + tenantUuid + "'",
                "select * from tenant where id = '" + tenantUuid + "'")) {
            for (Map<String, Object> row : db.sql(sql).fetch().all().collectList().block()) {
                row.values().forEach(value -> {
                    if (value instanceof ByteBuffer buffer) {
                        byte[] bytes = new byte[buffer.remaining()];
                        buffer.get(bytes);
                        binaryCells.add(bytes);
                        cells.add(new String(bytes, StandardCharsets.ISO_8859_1));
                    } else if (value instanceof String[] array) {
                        cells.addAll(List.of(array));
                    } else if (value != null) {
                        cells.add(value.toString());
                    }
                });
            }
        }

        assertThat(cells).isNotEmpty();
        assertThat(cells).noneMatch(cell -> cell.contains(keySecretPart));
        assertThat(cells).noneMatch(cell -> cell.contains(PASSWORD));
        assertThat(cells).noneMatch(cell -> cell.contains(signingKeyBase64));
        assertThat(binaryCells).noneMatch(bytes -> contains(bytes, signingKeyBytes));
        String passwordHash = db.sql("select password_hash from member where email = :email")
                .bind("email", tenant.email()).map(row -> row.get(0, String.class)).one().block();
        assertThat(passwordHash).startsWith("$2");
        String prefix = db.sql("select prefix from api_key where tenant_id = '" + tenantUuid + "'")
                .map(row -> row.get(0, String.class)).one().block();
        assertThat(prefix).isEqualTo(tenant.apiKey().substring(0, 12));
    }

    private static String uuidOf(String tenantId) {
        String hex = tenantId.substring(4);
        return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
                + hex.substring(16, 20) + "-" + hex.substring(20);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
