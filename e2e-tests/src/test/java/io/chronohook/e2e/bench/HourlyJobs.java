package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.TestEnvironment;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.postgresql.PGConnection;
import tools.jackson.databind.JsonNode;

/**
 * A million hourly cron jobs of one tenant, registered fast. Job i fires once an hour at second {@code i mod 3600} of
 * the hour ({@code S M * * * *}), so the jobs fall due evenly, about 278 a second. The first jobs are created through
 * the batch API; the rest are copied from the first one's row by a bulk SQL insert that writes what the job store
 * writes: a time-ordered id, the schedule with its own cron, the headers sealed with the installation's master key
 * for that job, its next fire time, version 1, nothing planned yet. Set-up only: no figure is taken during it.
 */
final class HourlyJobs {

    static final int SECONDS_OF_HOUR = 3600;
    private static final int CHUNK = 50_000;

    private static final String STAGING = """
            create temporary table job_bulk (id uuid, name text, cron text, headers_sealed bytea,
                                             next_fire_at timestamptz, created_at timestamptz) on commit delete rows
            """;

    private static final String TEMPLATE = """
            select id, key_id, headers_sealed, body_sealed from job where tenant_id = ? order by id limit 1
            """;

    /** Copies the template job's row for every staged job: only id, name, cron, sealed headers and times differ. */
    private static final String COPY_TEMPLATE = """
            insert into job (id, tenant_id, name, labels, schedule, schedule_type, start_at, end_at, max_runs,
                             spread_ms, method, url, content_type, headers_sealed, body_sealed, key_id,
                             retry_max_attempts, retry_initial_delay_ms, retry_max_delay_ms, retry_max_window_ms,
                             timeout_ms, missed_run_policy, backfill_limit, overlap_policy, delivery_semantics,
                             state, next_fire_at, runs_planned, version, created_at, updated_at, paused_reason)
            select b.id, t.tenant_id, b.name, t.labels, jsonb_set(t.schedule, '{cron}', to_jsonb(b.cron)),
                   t.schedule_type, t.start_at, t.end_at, t.max_runs, t.spread_ms, t.method, t.url, t.content_type,
                   b.headers_sealed, t.body_sealed, t.key_id, t.retry_max_attempts, t.retry_initial_delay_ms,
                   t.retry_max_delay_ms, t.retry_max_window_ms, t.timeout_ms, t.missed_run_policy, t.backfill_limit,
                   t.overlap_policy, t.delivery_semantics, ?, b.next_fire_at, 0, 1, b.created_at,
                   b.created_at, null
              from job_bulk b cross join job t
             where t.id = ?
            """;

    private static final String COUNT_COPIED = """
            insert into job_count (tenant_id, stripe, live) values (?, 0, ?)
            on conflict (tenant_id, stripe) do update set live = job_count.live + excluded.live
            """;

    /** The stripes' caps no longer hold for the count: the tenant's next create shares them out again. */
    private static final String CAPS_TO_SHARE_AGAIN = "update job_count set cap_for = null where tenant_id = ?";

    private static final String NEXT_FIRE = "select next_fire_at, created_at from job where id = ?";

    private final ApiClient api;
    private final UUID tenantId;
    private final String url;
    private final String state;
    private final List<UUID> inserted = new ArrayList<>();
    private final SecureRandom random = new SecureRandom();

    HourlyJobs(ApiClient api, JsonNode account, String url) {
        this(api, account, url, "active");
    }

    /** Jobs inserted in {@code state}: {@code paused} ones count against the plan's job limit but never fire. */
    HourlyJobs(ApiClient api, JsonNode account, String url, String state) {
        this.api = api;
        this.tenantId = uuid(account.get("tenantId").asString());
        this.url = url;
        this.state = state;
    }

    static String cron(int i) {
        int second = i % SECONDS_OF_HOUR;
        return (second % 60) + " " + (second / 60) + " * * * *";
    }

    /** Occurrences of the first {@code jobs} jobs scheduled in {@code [from, to)}. */
    static long occurrences(int jobs, Instant from, Instant to) {
        long count = 0;
        for (Instant s = from.truncatedTo(ChronoUnit.SECONDS); s.isBefore(to); s = s.plusSeconds(1)) {
            if (!s.isBefore(from)) {
                int second = (int) (s.getEpochSecond() % SECONDS_OF_HOUR);
                count += second < jobs ? (jobs - 1 - second) / SECONDS_OF_HOUR + 1 : 0;
            }
        }
        return count;
    }

    /** Creates jobs 0 to {@code count − 1} through the batch endpoint. */
    void createThroughApi(int count) throws InterruptedException {
        List<String> jobs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            jobs.add(ApiClient.cron("hourly-" + i, cron(i), url));
        }
        api.createInBatches(jobs, 1000, 2);
    }

    /** Inserts jobs {@code from} to {@code total − 1}, in chunks of one transaction each, by copying job 0's row. */
    void insertRest(int from, int total) throws SQLException, GeneralSecurityException, IOException {
        try (Connection db = TestEnvironment.database()) {
            db.setAutoCommit(false);
            UUID template = template(db);
            try (Statement sql = db.createStatement()) {
                sql.execute(STAGING);
            }
            db.commit();
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            SecretKeySpec key = new SecretKeySpec(Base64.getDecoder().decode(TestEnvironment.MASTER_KEY), "AES");
            byte[] headers = "{}".getBytes(StandardCharsets.UTF_8);
            long idMillis = System.currentTimeMillis();
            int sequence = 0;
            for (int start = from; start < total; start += CHUNK) {
                Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
                StringBuilder rows = new StringBuilder();
                for (int i = start; i < Math.min(total, start + CHUNK); i++) {
                    if (++sequence > 0xFFF) {
                        idMillis++;
                        sequence = 0;
                    }
                    UUID id = new UUID((idMillis << 16) | 0x7000L | sequence,
                            0x8000000000000000L | (random.nextLong() & 0x3FFFFFFFFFFFFFFFL));
                    inserted.add(id);
                    byte[] sealed = seal(cipher, key, ("job_payload:ten_" + hex(tenantId) + ":job_" + hex(id))
                            .getBytes(StandardCharsets.US_ASCII), headers);
                    rows.append(id).append('\t').append("hourly-").append(i).append('\t').append(cron(i))
                            .append("\t\\\\x").append(HexFormat.of().formatHex(sealed)).append('\t')
                            .append(nextFire(i, now)).append('\t').append(now).append('\n');
                }
                db.unwrap(PGConnection.class).getCopyAPI()
                        .copyIn("copy job_bulk from stdin", new StringReader(rows.toString()));
                int copied;
                try (PreparedStatement insert = db.prepareStatement(COPY_TEMPLATE)) {
                    insert.setString(1, state);
                    insert.setObject(2, template);
                    copied = insert.executeUpdate();
                }
                // The tenant's live-job count, as a create through the API would have kept it.
                try (PreparedStatement count = db.prepareStatement(COUNT_COPIED)) {
                    count.setObject(1, tenantId);
                    count.setInt(2, copied);
                    count.executeUpdate();
                }
                try (PreparedStatement caps = db.prepareStatement(CAPS_TO_SHARE_AGAIN)) {
                    caps.setObject(1, tenantId);
                    caps.executeUpdate();
                }
                db.commit();
            }
            db.setAutoCommit(true);
            try (Statement sql = db.createStatement()) {
                // The planner's index range is planned from the table's statistics, as autovacuum would leave them;
                // and the table is vacuumed now, as autovacuum would have done long since after a million creates
                // made over time, rather than in the middle of the measurement that follows (a vacuum of the job
                // table set off by the insert ran during scenario g's first tenant: 123 against 86 µs of Postgres CPU
                // a create).
                sql.execute("vacuum (analyze) job");
            }
        }
    }

    /**
     * Checks that job 0 (created through the API) is sealed as this class seals, and that the inserted jobs' next
     * fire times are the ones the API's own preview gives for their crons.
     */
    private UUID template(Connection db) throws SQLException, GeneralSecurityException {
        try (PreparedStatement query = db.prepareStatement(TEMPLATE)) {
            query.setObject(1, tenantId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("no job was created through the API to copy");
                }
                UUID id = row.getObject("id", UUID.class);
                byte[] sealed = row.getBytes("headers_sealed");
                Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
                cipher.init(Cipher.DECRYPT_MODE,
                        new SecretKeySpec(Base64.getDecoder().decode(TestEnvironment.MASTER_KEY), "AES"),
                        new GCMParameterSpec(128, sealed, 0, 12));
                cipher.updateAAD(("job_payload:ten_" + hex(tenantId) + ":job_" + hex(id))
                        .getBytes(StandardCharsets.US_ASCII));
                String headers = new String(cipher.doFinal(sealed, 12, sealed.length - 12), StandardCharsets.UTF_8);
                if (!TestEnvironment.MASTER_KEY_ID.equals(row.getString("key_id")) || !"{}".equals(headers)
                        || row.getBytes("body_sealed") != null) {
                    throw new IllegalStateException("the API's job row is not sealed as expected: key "
                            + row.getString("key_id") + ", headers " + headers);
                }
                return id;
            }
        }
    }

    /** Compares the stored next fire time of a few inserted jobs with the API's preview of their schedules. */
    void checkAgainstApi(int apiJobs, int total) throws Exception {
        try (Connection db = TestEnvironment.database(); PreparedStatement query = db.prepareStatement(NEXT_FIRE)) {
            for (int k = 0; k < 5 && !inserted.isEmpty(); k++) {
                int index = (int) ((long) k * (inserted.size() - 1) / 4);
                query.setObject(1, inserted.get(index));
                try (ResultSet row = query.executeQuery()) {
                    row.next();
                    Instant stored = row.getObject("next_fire_at", OffsetDateTime.class).toInstant();
                    Instant created = row.getObject("created_at", OffsetDateTime.class).toInstant();
                    JsonNode preview = api.send("POST", "/api/v1/schedules/preview",
                            "{\"schedule\":{\"type\":\"cron\",\"cron\":\"" + cron(apiJobs + index)
                                    + "\"},\"count\":1,\"after\":\"" + created.minusMillis(1) + "\"}", 200);
                    Instant expected = Instant.parse(preview.get("fireTimes").get(0).get("utc").asString());
                    if (!expected.equals(stored)) {
                        throw new IllegalStateException("job " + (apiJobs + index) + " of " + total + " fires at "
                                + stored + " but the API would have it fire at " + expected);
                    }
                }
            }
        }
    }

    /** A random sample of the inserted jobs' ids, in the API's form. */
    List<String> sampleIds(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count && !inserted.isEmpty(); i++) {
            ids.add("job_" + hex(inserted.get(random.nextInt(inserted.size()))));
        }
        return ids;
    }

    UUID tenantId() {
        return tenantId;
    }

    /** Job i's first occurrence at or after {@code now}, as the API computes it at creation. */
    private static Instant nextFire(int i, Instant now) {
        Instant candidate = now.truncatedTo(ChronoUnit.HOURS).plusSeconds(i % SECONDS_OF_HOUR);
        return candidate.isBefore(now) ? candidate.plus(Duration.ofHours(1)) : candidate;
    }

    private byte[] seal(Cipher cipher, SecretKeySpec key, byte[] associatedData, byte[] plaintext)
            throws GeneralSecurityException {
        byte[] nonce = new byte[12];
        random.nextBytes(nonce);
        cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
        cipher.updateAAD(associatedData);
        byte[] sealed = cipher.doFinal(plaintext);
        byte[] out = new byte[nonce.length + sealed.length];
        System.arraycopy(nonce, 0, out, 0, nonce.length);
        System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
        return out;
    }

    private static String hex(UUID id) {
        return id.toString().replace("-", "");
    }

    private static UUID uuid(String prefixed) {
        String hex = prefixed.substring(prefixed.indexOf('_') + 1);
        return new UUID(HexFormat.fromHexDigitsToLong(hex, 0, 16), HexFormat.fromHexDigitsToLong(hex, 16, 32));
    }
}
