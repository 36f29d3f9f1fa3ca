package io.chronohook.e2e.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * {@code kill -9} of the backend while 2,000 runs are in flight against a slow receiver, then a restart: every run
 * delivered, the usage billed equal to what the receiver got, and the daily usage counters equal to a scan of the
 * rows. The jobs' timeout leaves room for 2,000 requests
 * queued at one receiver, so that the only redeliveries are those the kill caused.
 */
@ExtendWith(FreshInstallation.class)
class KillE2ETest {

    private static final int RUNS = 2000;
    private static final Map<String, String> SHORT_LEASES = Map.of("CHRONOHOOK_DISPATCH_LEASE_MARGIN", "PT3S");

    @Test
    void everyRunSucceedsAfterAKillAndDuplicatesAreBoundedByTheRunsInFlight() throws Exception {
        try (Receiver receiver = new Receiver(Duration.ofMillis(1500))) {
            BackendProcess first = BackendProcess.start(SHORT_LEASES);
            ApiClient api = new ApiClient(first.uri("/"));
            JsonNode account = api.signUp();
            UUID tenant = uuid(account.get("tenantId").asString());
            Instant due = Instant.now().plusSeconds(10).truncatedTo(ChronoUnit.MILLIS);
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                jobs.add("{\"name\":\"kill-" + i + "\",\"schedule\":{\"type\":\"at\",\"at\":\"" + due.plusMillis(i % 1000)
                        + "\"},\"timeout\":\"PT20S\",\"target\":{\"url\":\"" + receiver.url("/kill") + "\"}}");
            }
            api.createInBatches(jobs, 500, 2);
            // Killed with runs in flight: 300 received (answered after 1.5 s), and runs claimed and not yet recorded.
            while (receiver.total() < 300 || count(tenant, "delivering") == 0) {
                Thread.sleep(20);
            }
            first.kill();
            long inFlightAtKill = count(tenant, "delivering");
            assertThat(inFlightAtKill).as("runs in flight at the kill").isGreaterThan(0);

            JsonNode usage;
            try (BackendProcess second = BackendProcess.start(SHORT_LEASES)) {
                Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
                while (count(tenant, "succeeded") < RUNS && Instant.now().isBefore(deadline)) {
                    Thread.sleep(500);
                }
                usage = api.sharingKeyWith(second.uri("/")).send("GET", "/api/v1/usage", null, 200);
            }
            assertThat(count(tenant, "succeeded")).isEqualTo(RUNS);
            assertThat(receiver.distinct()).isEqualTo(RUNS);
            assertThat(receiver.duplicated()).isLessThanOrEqualTo(inFlightAtKill);
            // Billed executions are the runs the receiver saw, once each, whatever was redelivered after the kill.
            assertThat(usage.get("executions").asLong()).isEqualTo(receiver.distinct());
            assertThat(usage.get("attempts").asLong()).isGreaterThanOrEqualTo(RUNS);
            // The daily counters, written with the outcomes, equal a scan of the rows across the kill.
            assertThat(usage.get("executions").asLong())
                    .isEqualTo(scalar("select count(*) from run where tenant_id = ? and first_attempt_at is not null",
                            tenant));
            assertThat(usage.get("attempts").asLong())
                    .isEqualTo(scalar("select count(*) from attempt where tenant_id = ?", tenant));
            assertThat(usage.get("egressBytes").asLong())
                    .isEqualTo(scalar("select coalesce(sum(request_bytes), 0) from attempt where tenant_id = ?",
                            tenant));
        }
    }

    private static long scalar(String sql, UUID tenant) throws Exception {
        try (Connection db = TestEnvironment.database(); PreparedStatement query = db.prepareStatement(sql)) {
            query.setObject(1, tenant);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static long count(UUID tenant, String state) throws Exception {
        try (Connection db = TestEnvironment.database();
             PreparedStatement query = db.prepareStatement("select count(*) from run where tenant_id = ? and state = ?")) {
            query.setObject(1, tenant);
            query.setString(2, state);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static UUID uuid(String tenantId) {
        String hex = tenantId.substring(4);
        return new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }
}
