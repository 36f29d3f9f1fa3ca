package io.chronohook.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Flow limits on the running pipeline, with the real Postgres, Redis and a counting receiver: an endpoint's
 * requests in flight and its rate, and a flow key's requests in flight, are never exceeded; runs over a limit wait
 * without spending attempts and are all delivered; a slot held by an instance that stops renewing it comes back
 * when its lease runs out.
 */
class FlowLimitsTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    FlowSlots slots;

    @Test
    void anEndpointsRequestsInFlightNeverExceedItsLimitAndEveryRunIsDeliveredWithoutSpendingAttempts() {
        TestTenant tenant = signUp();
        receiver.script("/slow", request -> new TestReceiver.Reply(200, "ok", Map.of(), Duration.ofMillis(500)));
        limits(tenant, host(), Map.of("maxInFlight", 3));
        String job = standbyJob(tenant, "/slow", Map.of("maxAttempts", 1));

        trigger(tenant, job, 24);

        // The endpoints list shows the limit, the requests in flight and the runs waiting meanwhile.
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(100)).until(() -> {
            Map<?, ?> limits = endpointLimits(tenant);
            return limits != null && ((Number) limits.get("inFlight")).intValue() > 0
                    && ((Number) limits.get("waiting")).intValue() > 0;
        });
        Map<?, ?> shown = endpointLimits(tenant);
        assertThat(shown.get("maxInFlight")).isEqualTo(3);
        assertThat(shown.get("source")).isEqualTo("tenant");
        assertThat(((Number) shown.get("inFlight")).intValue()).isBetween(0, 3);

        await().atMost(Duration.ofSeconds(40)).until(() -> receiver.receivedAt("/slow").size() == 24);
        awaitRuns(tenant, job, "succeeded", 24);
        assertThat(receiver.maxInFlight()).isEqualTo(3);
        // Every run took one attempt: the waits spent none.
        assertThat(count("select count(*) from attempt a join run r on r.id = a.run_id where r.job_id = :job",
                job)).isEqualTo(24);
        assertThat(count("select count(*) from run where job_id = :job and attempt = 1 "
                + "and deferred_reason = 'waiting_for_capacity' and deferred_host = '" + host() + "'", job))
                .isPositive();
        assertThat(prometheus()).contains("chronohook_flow_waits_total{kind=\"endpoint\",limit=\"in_flight\"}");
    }

    @Test
    void anEndpointsRateHoldsInEverySecond() {
        TestTenant tenant = signUp();
        limits(tenant, host(), Map.of("rate", Map.of("limit", 5, "period", "PT1S", "burst", 5)));
        String job = standbyJob(tenant, "/rated", Map.of("maxAttempts", 1));

        trigger(tenant, job, 20);

        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.receivedAt("/rated").size() == 20);
        List<Instant> arrivals = receiver.receivedAt("/rated").stream().map(TestReceiver.Received::at).sorted()
                .toList();
        for (Instant start : arrivals) {
            long inWindow = arrivals.stream().filter(at -> !at.isBefore(start)
                    && at.isBefore(start.plusSeconds(1))).count();
            assertThat(inWindow).as("arrivals in the second from %s", start).isLessThanOrEqualTo(5 + 5);
        }
        // 20 runs at 5 a second with a burst of 5 take at least 3 s.
        assertThat(Duration.between(arrivals.getFirst(), arrivals.getLast()))
                .isGreaterThanOrEqualTo(Duration.ofMillis(2800));
        awaitRuns(tenant, job, "succeeded", 20);
    }

    @Test
    void aFlowKeysRequestsInFlightAreLimitedAcrossItsJobs() {
        TestTenant tenant = signUp();
        // Answers of a second, two at a time: the key is full with runs waiting for 8 s, long enough to be seen on a
        // loaded machine.
        receiver.script("/a", request -> new TestReceiver.Reply(200, "ok", Map.of(), Duration.ofSeconds(1)));
        receiver.script("/b", request -> new TestReceiver.Reply(200, "ok", Map.of(), Duration.ofSeconds(1)));
        http.put().uri("/api/v1/flow-keys/customer-1").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("maxInFlight", 2))
                .exchange().expectStatus().isOk();
        String first = keyedJob(tenant, "/a", "customer-1");
        String second = keyedJob(tenant, "/b", "customer-1");

        trigger(tenant, first, 8);
        trigger(tenant, second, 8);

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            Map<?, ?> keys = http.get().uri("/api/v1/flow-keys").header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
            Map<?, ?> key = (Map<?, ?>) ((List<?>) keys.get("items")).getFirst();
            return "customer-1".equals(key.get("key")) && ((Number) key.get("inFlight")).intValue() == 2
                    && ((Number) key.get("waiting")).intValue() > 0;
        });
        await().atMost(Duration.ofSeconds(40)).until(() -> receiver.received().size() == 16);
        assertThat(receiver.maxInFlight()).isEqualTo(2);
        awaitRuns(tenant, first, "succeeded", 8);
        awaitRuns(tenant, second, "succeeded", 8);
        Map<?, ?> waited = http.get().uri("/api/v1/jobs/{id}/runs?limit=50", first)
                .header("Authorization", "Bearer " + tenant.apiKey()).exchange().expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();
        assertThat((List<?>) waited.get("items")).anySatisfy(run -> {
            Map<?, ?> deferral = (Map<?, ?>) ((Map<?, ?>) run).get("deferral");
            assertThat(deferral).isNotNull();
            assertThat(deferral.get("reason")).isEqualTo("waiting_for_capacity");
            assertThat(deferral.get("key")).isEqualTo("customer-1");
        });
    }

    @Test
    void aSlotWhoseHolderStopsRenewingItComesBackWhenItsLeaseRunsOut() {
        TenantId tenant = new TenantId(UUID.randomUUID());
        List<FlowSlots.Limit> one = List.of(new FlowSlots.Limit(FlowSlots.hostSet(tenant, "example.com"), 1));
        Instant taken = Instant.now();
        FlowSlots gone = new FlowSlots(redisson);
        assertThat(gone.acquire(one, taken).block().granted()).isTrue();

        // As another instance would see it: full while the lease lasts, free once it has run out.
        assertThat(slots.acquire(one, Instant.now()).block().granted()).isFalse();
        await().atMost(FlowSlots.LEASE.plusSeconds(3)).pollInterval(Duration.ofMillis(250))
                .until(() -> slots.acquire(one, Instant.now()).block().granted());
        assertThat(Duration.between(taken, Instant.now())).isLessThanOrEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void aRateThatCannotBeReadLetsRunsGoUnlimitedAndKeepsNoSlot() {
        TestTenant tenant = signUp();
        limits(tenant, host(), Map.of("maxInFlight", 2, "rate", Map.of("limit", 5, "period", "PT1S", "burst", 5)));
        // The rate's bucket key holds a list: Redis answers every bucket command with an error (WRONGTYPE).
        TenantId tenantId = new TenantId(storedId(tenant.tenantId()));
        String bucket = "chronohook:bucket:flow:{" + tenantId.value() + "}:host:" + host() + ":5/1000/5";
        redisson.getList(bucket, org.redisson.client.codec.StringCodec.INSTANCE).add("not a bucket");
        String job = standbyJob(tenant, "/unrated", Map.of("maxAttempts", 1));

        trigger(tenant, job, 4);

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/unrated").size() == 4);
        awaitRuns(tenant, job, "succeeded", 4);
        // The slots taken before the rate failed were given back at once, not kept (and renewed) by this instance.
        assertThat(slots.inFlight(List.of(FlowSlots.hostSet(tenantId, host())), Instant.now()).block())
                .containsExactly(0L);
        redisson.getKeys().delete(bucket);
    }

    @Autowired
    org.redisson.api.RedissonClient redisson;

    private String keyedJob(TestTenant tenant, String path, String key) {
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "keyed", "target", Map.of("url", receiver.url(path)),
                        "schedule", Map.of("type", "at", "at", Instant.now().plus(Duration.ofDays(1)).toString()),
                        "retry", Map.of("maxAttempts", 1), "flowKey", key))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        return (String) job.get("id");
    }

    /** The limits of the receiver's host as the endpoints list shows them (null when it shows none). */
    private Map<?, ?> endpointLimits(TestTenant tenant) {
        Map<?, ?> page = http.get().uri("/api/v1/endpoints").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().map(item -> (Map<?, ?>) item)
                .filter(item -> host().equals(item.get("host"))).findFirst()
                .map(item -> (Map<?, ?>) item.get("limits")).orElse(null);
    }

    private void limits(TestTenant tenant, String host, Map<String, Object> limits) {
        http.put().uri("/api/v1/endpoints/{host}/limits", host).header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(limits)
                .exchange().expectStatus().isOk();
    }

    private String host() {
        URI url = URI.create(receiver.url("/"));
        return url.getHost() + ":" + url.getPort();
    }

    private long count(String sql, String jobId) {
        return db.sql(sql).bind("job", storedId(jobId)).map(row -> row.get(0, Long.class)).one().block();
    }
}
