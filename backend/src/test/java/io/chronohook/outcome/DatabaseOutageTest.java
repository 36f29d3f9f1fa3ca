package io.chronohook.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.history.RunIdBounds;
import io.chronohook.job.JobId;
import io.chronohook.node.LocalNode;
import io.chronohook.pipeline.DispatchLoop;
import io.chronohook.platform.KeyedReads;
import io.chronohook.platform.DeliveryPressure;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.DispatchParts;
import io.chronohook.support.NoOutcomeListener;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TcpProxy;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The pipeline across a database outage, made real: the stages under test reach the real Postgres through a TCP
 * relay that the test cuts (every connection dropped, new ones refused) and restores. An outcome known while the
 * database is away is written when it returns, with the receiver's real status; runs taken from the gate whose
 * claim fails go back into it at once and are delivered moments after the database returns.
 */
class DatabaseOutageTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    RunStore directRuns;
    @Autowired
    OpenRunsFloor floor;

    @Autowired
    ApplicationContext context;

    @Value("${spring.r2dbc.url}")
    String url;

    @Value("${spring.r2dbc.username}")
    String user;

    @Value("${spring.r2dbc.password}")
    String password;

    private TcpProxy proxy;
    private RunStore relayedRuns;

    @BeforeEach
    void relay() {
        ConnectionFactoryOptions direct = ConnectionFactoryOptions.parse(url);
        proxy = new TcpProxy((Integer) direct.getRequiredValue(ConnectionFactoryOptions.PORT));
        ConnectionFactoryOptions relayed = direct.mutate()
                .option(ConnectionFactoryOptions.PORT, proxy.port())
                .option(ConnectionFactoryOptions.USER, user)
                .option(ConnectionFactoryOptions.PASSWORD, password)
                .option(ConnectionFactoryOptions.CONNECT_TIMEOUT, Duration.ofSeconds(2))
                .build();
        DatabaseClient relayedClient = DatabaseClient.create(ConnectionFactories.get(relayed));
        relayedRuns = new RunStore(relayedClient, KeyedReads.sharing(relayedClient), floor,
                new RunIdBounds(Clock.systemUTC()), Clock.systemUTC());
    }

    @AfterEach
    void closeRelay() {
        proxy.close();
    }

    @Test
    void anOutcomeKnownWhileTheDatabaseIsAwayIsWrittenWhenItReturnsWithTheReceiversStatus() throws Exception {
        TestTenant tenant = signUp();
        String jobId = standbyJob(tenant, "/unused", Map.of("maxAttempts", 3));
        UUID runId = HeldRuns.hold(db, jobId);
        CountDownLatch written = new CountDownLatch(1);
        OutcomeRecorder recorder = new OutcomeRecorder(relayedRuns, DispatchParts.of(context).gate().backlog(),
                gone -> Mono.empty(), jobs -> Mono.just(0L), () -> false, Clock.systemUTC(), 100,
                Duration.ofMillis(10), recorded -> { }, new NoOutcomeListener());
        try {
            proxy.cut();
            Instant now = Instant.now();
            recorder.submit(new FinishedAttempt(new RunId(runId), tenantOf(tenant), new JobId(
                    PrefixedIds.parse(JobId.PREFIX, jobId).orElseThrow()), 1, RunState.SUCCEEDED, null, true,
                    now.minusMillis(30), now.minusMillis(10), now, 200, 30, "delivered", null, null, "ok", null,
                    "example.com", false), written::countDown);

            await().atMost(Duration.ofSeconds(5)).until(() -> recorder.stalledRunIds().contains(runId));
            Thread.sleep(3000);
            assertThat(written.getCount()).isEqualTo(1);
            assertThat(HeldRuns.state(db, runId)).isEqualTo("delivering");

            proxy.restore();
            assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(HeldRuns.state(db, runId)).isEqualTo("succeeded");
            assertThat(recorder.stalledRunIds()).doesNotContain(runId);
            Map<String, Object> attempt = db.sql("select outcome, status_code from attempt where run_id = :id")
                    .bind("id", runId).fetch().one().block();
            assertThat(attempt).containsEntry("outcome", "delivered").containsEntry("status_code", 200);
        } finally {
            recorder.close();
        }
    }

    @Test
    void runsWhoseClaimFailsGoBackIntoTheGateAndAreDeliveredMomentsAfterTheDatabaseReturns() throws Exception {
        TestTenant tenant = signUp();
        String jobId = standbyJob(tenant, "/after-outage", Map.of("maxAttempts", 3));
        DispatchParts parts = DispatchParts.of(context);
        LocalNode other = parts.node();
        OutcomeRecorder recorder = new OutcomeRecorder(directRuns, parts.gate().backlog(), gone -> Mono.empty(),
                jobs -> Mono.just(0L), () -> false, Clock.systemUTC(), 100, Duration.ofMillis(10),
                recorded -> other.inFlight().addAndGet(-recorded),
                new NoOutcomeListener());
        DispatchLoop loop = parts.loop(relayedRuns, recorder, parts.pipeline().dispatch(), other,
                new DeliveryPressure(Clock.systemUTC(), Duration.ZERO));
        drainThisNode(true);
        try {
            proxy.cut();
            String runId = trigger(tenant, jobId, 1);
            // This loop takes the run and fails to claim it, over and over, for three seconds.
            long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
            int taken = 0;
            while (System.nanoTime() < until) {
                taken += loop.runOnce().block();
                Thread.sleep(50);
            }
            assertThat(taken).as("the run was taken, and put back each time its claim failed").isPositive();
            assertThat(receiver.receivedAt("/after-outage")).isEmpty();

            proxy.restore();
            Instant restored = Instant.now();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
                loop.runOnce().block();
                return receiver.receivedAt("/after-outage").size() == 1;
            });
            assertThat(Duration.between(restored, receiver.receivedAt("/after-outage").getFirst().at()))
                    .isLessThan(Duration.ofSeconds(5));
            assertThat(receiver.receivedAt("/after-outage").getFirst().header("webhook-id")).isEqualTo(runId);
        } finally {
            drainThisNode(false);
            recorder.close();
        }
    }

    private static TenantId tenantOf(TestTenant tenant) {
        return TenantId.parse(tenant.tenantId()).orElseThrow();
    }
}
