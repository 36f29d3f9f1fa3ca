package io.chronohook.e2e.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The short chaos scenarios (the program's {@code --quick} mode, two of them): Postgres restarted and Redis frozen
 * under load — every run delivered, none twice, no attempt recorded lost. (A backend killed under load is
 * {@code KillE2ETest}'s; another instance taking over after a kill, {@code EndpointLimitE2ETest}'s,
 * {@code ReplayTakeoverE2ETest}'s and {@code LongRunningKillE2ETest}'s.)
 */
class ChaosShortTest {

    @Test
    void underAPostgresRestartAndAFrozenRedisNoRunIsLostOrRepeated() throws Exception {
        Map<String, ChaosResult> results = ChaosProgram.run(List.of("pg-restart", "redis-freeze"), true)
                .stream().collect(Collectors.toMap(ChaosResult::scenario, Function.identity()));
        results.values().forEach(result -> System.out.println("[chaos] " + result.row()));
        assertThat(results).hasSize(2);
        results.values().forEach(result -> {
            assertThat(result.expected()).as(result.scenario()).isPositive();
            assertThat(result.lost()).as(result.scenario() + ": lost").isZero();
            assertThat(result.note()).as(result.scenario()).doesNotContain("unexpected", "without a run");
        });
        assertThat(results.get("pg-restart").duplicates()).as("pg-restart: duplicates").isZero();
        assertThat(results.get("pg-restart").note()).as("pg-restart: histories").contains(" 0 attempts recorded lost");
        assertThat(results.get("redis-freeze").duplicates()).as("redis-freeze: duplicates").isZero();
    }
}
