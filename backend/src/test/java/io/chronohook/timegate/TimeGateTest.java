package io.chronohook.timegate;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore.GateEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The gate's release-and-take script on the real Redis, in a database of its own (no dispatcher takes from it):
 * weighted turns, and tenants whose weight the gate does not know yet.
 */
class TimeGateTest {

    private RedissonClient redis;
    private TimeGate gate;
    private final Instant now = Instant.parse("2026-11-22T12:00:00Z");
    private final TenantId light = new TenantId(Uuid7.next(Clock.systemUTC()));
    private final TenantId heavy = new TenantId(Uuid7.next(Clock.systemUTC()));

    @BeforeEach
    void connect() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:6379").setDatabase(2);
        redis = Redisson.create(config);
        redis.getKeys().flushdb();
        gate = new TimeGate(redis, new GateProperties(1, Duration.ofSeconds(10), 2000, Duration.ofSeconds(60),
                Duration.ofSeconds(15), Duration.ofMillis(250)));
    }

    @AfterEach
    void close() {
        redis.getKeys().flushdb();
        redis.shutdown();
    }

    @Test
    void aTenantWithoutAWeightGivesNothingAndIsNamedUntilWeighed() {
        gate.offer(due(light, 10)).block();

        TimeGate.Take first = gate.releaseAndTake(0, now, 2000, 100, 5).block();
        assertThat(first.released()).isEmpty();
        assertThat(first.unweighted()).containsExactly(light);

        gate.weigh(Map.of(light, 1)).block();
        TimeGate.Take second = gate.releaseAndTake(0, now, 2000, 100, 5).block();
        assertThat(second.released()).hasSize(10).allSatisfy(run -> assertThat(run.tenantId()).isEqualTo(light));
        assertThat(second.unweighted()).isEmpty();
    }

    @Test
    void backloggedTenantsShareEachTakeByWeightInInterleavedTurns() {
        gate.offer(due(light, 100)).block();
        gate.offer(due(heavy, 300)).block();
        gate.weigh(Map.of(light, 1, heavy, 3)).block();

        List<TimeGate.Released> taken = gate.releaseAndTake(0, now, 2000, 80, 5).block().released();

        assertThat(taken).hasSize(80);
        assertThat(taken.stream().filter(run -> run.tenantId().equals(light)).count()).isEqualTo(20);
        assertThat(taken.stream().filter(run -> run.tenantId().equals(heavy)).count()).isEqualTo(60);
        // turns of 5 × weight: neither tenant's share comes all at once
        assertThat(taken.subList(0, 40).stream().filter(run -> run.tenantId().equals(light)).count())
                .isEqualTo(10);
    }

    @Test
    void aForgottenWeightIsAskedForAgain() {
        gate.weigh(Map.of(light, 2, heavy, 2)).block();
        gate.forgetWeight(light).block();
        gate.offer(due(light, 3)).block();
        gate.offer(due(heavy, 3)).block();

        TimeGate.Take take = gate.releaseAndTake(0, now, 2000, 100, 5).block();

        assertThat(take.unweighted()).containsExactly(light);
        assertThat(take.released()).hasSize(3).allSatisfy(run -> assertThat(run.tenantId()).isEqualTo(heavy));
        gate.forgetWeight(null).block();
        assertThat(gate.releaseAndTake(0, now, 2000, 100, 5).block().unweighted()).containsExactly(light);
    }

    @Test
    void readyDepthsCountTheReleasedRunsWaitingPerTenant() {
        gate.offer(due(light, 4)).block();
        gate.offer(due(heavy, 9)).block();
        gate.offer(List.of(new GateEntry(new RunId(Uuid7.next(Clock.systemUTC())), heavy, now.plusSeconds(60))))
                .block();

        gate.releaseAndTake(0, now, 2000, 0, 5).block();

        assertThat(gate.readyDepths().block()).containsExactlyInAnyOrderEntriesOf(Map.of(light, 4L, heavy, 9L));
    }

    @Test
    void aTenantsBackloggedKeysShareItsRunsByWeightTakeAfterTake() {
        gate.weigh(Map.of(heavy, 1)).block();
        gate.offer(due(heavy, "1a", 2000)).block();
        gate.offer(due(heavy, "1b", 2000)).block();
        gate.offer(due(heavy, "1c", 2000)).block();
        gate.weighLanes(Map.of(heavy.value() + "/1a", 4, heavy.value() + "/1b", 8, heavy.value() + "/1c", 20))
                .block();

        List<TimeGate.Released> taken = new ArrayList<>();
        for (int take = 0; take < 40; take++) {
            taken.addAll(gate.releaseAndTake(0, now, 10_000, 37, 5).block().released());
        }

        assertThat(taken).hasSize(40 * 37).allSatisfy(run -> assertThat(run.tenantId()).isEqualTo(heavy));
        long a = taken.stream().filter(run -> "1a".equals(run.lane())).count();
        long b = taken.stream().filter(run -> "1b".equals(run.lane())).count();
        long c = taken.stream().filter(run -> "1c".equals(run.lane())).count();
        // 1 : 2 : 5 of 1,480, to within one visit of each lane.
        assertThat(a).isBetween(185L - 20, 185L + 20);
        assertThat(b).isBetween(370L - 20, 370L + 20);
        assertThat(c).isBetween(925L - 20, 925L + 20);
    }

    @Test
    void highRunsGoBeforeTheBacklogOfNormalOnesWithoutChangingTheTenantsShare() {
        gate.weigh(Map.of(light, 1, heavy, 1)).block();
        gate.offer(due(heavy, 1000)).block();
        gate.offer(due(light, 1000)).block();
        gate.releaseAndTake(0, now, 10_000, 0, 5).block();
        gate.offer(due(heavy, "0", 100)).block();

        List<TimeGate.Released> taken = new ArrayList<>();
        for (int take = 0; take < 10; take++) {
            taken.addAll(gate.releaseAndTake(0, now, 10_000, 40, 5).block().released());
        }

        // The tenants still share every take half and half.
        assertThat(taken.stream().filter(run -> run.tenantId().equals(heavy)).count()).isEqualTo(200);
        List<TimeGate.Released> heavyRuns = taken.stream().filter(run -> run.tenantId().equals(heavy)).toList();
        // Within its half, the high lane goes 4x as fast as the normal backlog (16 to 4 a round): all 100 within
        // the tenant's first 130.
        assertThat(heavyRuns.subList(0, 130).stream().filter(run -> "0".equals(run.lane())).count())
                .isEqualTo(100);
        assertThat(heavyRuns.subList(130, 200)).allSatisfy(run -> assertThat(run.lane()).isNull());
    }

    @Test
    void aLanesRunsAreOfferedAgainInTheirLaneAndTheReadyDepthCountsEveryLane() {
        gate.weigh(Map.of(light, 1)).block();
        gate.offer(due(light, "2", 3)).block();
        gate.offer(due(light, 4)).block();
        gate.releaseAndTake(0, now, 2000, 0, 5).block();
        assertThat(gate.readyDepths().block()).containsExactlyEntriesOf(Map.of(light, 7L));

        List<TimeGate.Released> taken = gate.releaseAndTake(0, now, 2000, 100, 5).block().released();
        assertThat(taken).hasSize(7);
        // Low runs come last when normal ones wait beside them: one low run a round against four normal ones.
        assertThat(taken.subList(0, 5).stream().filter(run -> "2".equals(run.lane())).count())
                .isLessThanOrEqualTo(1);
        TimeGate.Released low = taken.getLast();
        assertThat(low.lane()).isEqualTo("2");

        gate.offer(List.of(low.offerAt(now))).block();
        assertThat(gate.releaseAndTake(0, now, 2000, 100, 5).block().released())
                .singleElement().satisfies(run -> {
                    assertThat(run.runId()).isEqualTo(low.runId());
                    assertThat(run.lane()).isEqualTo("2");
                });
        assertThat(gate.readyDepths().block()).isEmpty();
    }

    @Test
    void runsAreReleasedTheLeadAheadOfTheirDueTimeStampedWithTheTimeOfTheirRelease() {
        gate.weigh(Map.of(light, 1)).block();
        GateEntry within = new GateEntry(new RunId(Uuid7.next(Clock.systemUTC())), light, now.plusMillis(250), null);
        GateEntry beyond = new GateEntry(new RunId(Uuid7.next(Clock.systemUTC())), light, now.plusMillis(251), null);
        gate.offer(List.of(within, beyond)).block();

        assertThat(gate.releaseAndTake(0, now, 2000, 100, 5).block().released()).singleElement().satisfies(run -> {
            assertThat(run.runId()).isEqualTo(within.id());
            assertThat(run.releasedAt()).isEqualTo(now);
        });
        assertThat(gate.release(0, now, 2000).block()).isZero();
        assertThat(gate.release(0, now.plusMillis(1), 2000).block()).isEqualTo(1);
    }

    private List<GateEntry> due(TenantId tenant, int count) {
        return due(tenant, null, count);
    }

    private List<GateEntry> due(TenantId tenant, String lane, int count) {
        List<GateEntry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            entries.add(new GateEntry(new RunId(Uuid7.next(Clock.systemUTC())), tenant, now.minusMillis(i), lane));
        }
        return entries;
    }
}
