package io.chronohook.e2e.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowCostsTest {

    @Test
    void aProcessCpuTimeIsItsUserAndSystemTicksWhateverItsCommandHolds() {
        String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1500 250 3 4 20 0 30 0 99 0 0";

        assertThat(WindowCosts.ticksOf(stat)).isEqualTo(1750);
    }

    @Test
    void thisProcessCpuTimeGrowsAsItWorks() {
        Path self = Path.of("/proc", Long.toString(ProcessHandle.current().pid()));
        long before = WindowCosts.cpuTicks(self);
        long spun = 0;
        long until = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < until) {
            spun += Long.numberOfTrailingZeros(spun + System.nanoTime());
        }

        assertThat(spun).isPositive();
        assertThat(WindowCosts.cpuTicks(self)).isGreaterThan(before);
        assertThat(WindowCosts.cpuTicks(Path.of("/proc", "not-a-process"))).isZero();
    }

    @Test
    void theCostsOfAWindowAreDividedByItsRuns() {
        WindowCosts costs = new WindowCosts(1);
        Map<WindowCosts.Part, Long> none = Map.of(WindowCosts.Part.BACKEND, 0L, WindowCosts.Part.POSTGRES, 0L,
                WindowCosts.Part.REDIS, 0L, WindowCosts.Part.PROGRAM, 0L);
        Map<WindowCosts.Part, Long> later = Map.of(WindowCosts.Part.BACKEND, 100L, WindowCosts.Part.POSTGRES, 300L,
                WindowCosts.Part.REDIS, 10L, WindowCosts.Part.PROGRAM, 50L);

        Map<String, Object> perRun = costs.perRun(new WindowCosts.Sample(none, 1_000, 10, 20, 0),
                new WindowCosts.Sample(later, 2_001_000, 4_010, 8_020, 400), 2_000);

        long tick = 1_000_000 / costs.ticksPerSecond();
        assertThat(perRun).containsEntry("cpuMicrosBackend", 100 * tick / 2_000)
                .containsEntry("cpuMicrosPostgres", 300 * tick / 2_000)
                .containsEntry("walBytes", 1_000L)
                .containsEntry("rowsInserted", 2.0)
                .containsEntry("rowsUpdated", 4.0)
                .containsEntry("hotUpdated", 0.2);
        assertThat(WindowCosts.describe(perRun)).contains("WAL 1,000 B").contains("rows 2.0 inserted, 4.0 updated (0.2 HOT)");
    }
}
