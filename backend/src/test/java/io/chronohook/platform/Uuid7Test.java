package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class Uuid7Test {

    @Test
    void idsMadeInTheSameMillisecondStillSortInCreationOrder() {
        Clock frozen = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(Uuid7.next(frozen));
        }

        assertThat(ids).isSortedAccordingTo(UUID::compareTo).doesNotHaveDuplicates();
        assertThat(ids).allMatch(id -> id.version() == 7 && id.variant() == 2);
    }

    @Test
    void theTimestampFieldCarriesTheClock() {
        Clock clock = Clock.fixed(Instant.parse("2031-06-01T12:00:00Z"), ZoneOffset.UTC);

        UUID id = Uuid7.next(clock);

        assertThat(id.getMostSignificantBits() >>> 16).isGreaterThanOrEqualTo(clock.millis());
    }

    @Test
    void theFloorOfAnInstantSortsAboveTheMillisecondBeforeAndNotAboveIdsMadeThen() {
        Instant at = Instant.now();
        UUID floor = Uuid7.floor(at);
        UUID lastOfTheMillisecondBefore = new UUID(((at.toEpochMilli() - 1) << 16) | 0x7FFFL, -1L);

        assertThat(floor.version()).isEqualTo(7);
        assertThat(floor.variant()).isEqualTo(2);
        assertThat(floor).isGreaterThan(lastOfTheMillisecondBefore);
        assertThat(floor).isLessThanOrEqualTo(Uuid7.next(Clock.fixed(at, ZoneOffset.UTC)));
    }

    @Test
    void anOccurrenceAlwaysGetsTheSameIdAndAnyOtherOccurrenceAnother() {
        UUID job = UUID.fromString("01a21526-e400-7000-8000-00000000abcd");
        Instant at = Instant.parse("2030-03-01T08:00:00.123456Z");

        UUID id = Uuid7.ofOccurrence(job, at);

        assertThat(Uuid7.ofOccurrence(job, at)).isEqualTo(id);
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(Uuid7.instantOf(id)).isEqualTo(Instant.parse("2030-03-01T08:00:00.123Z"));
        assertThat(Uuid7.ofOccurrence(job, at.plusNanos(1_000))).as("a microsecond later").isNotEqualTo(id);
        assertThat(Uuid7.ofOccurrence(UUID.randomUUID(), at)).as("another job").isNotEqualTo(id);
        Instant millisecond = Instant.parse("2030-03-01T08:00:00.123Z");
        List<UUID> sameMillisecond = new ArrayList<>();
        for (int micros = 0; micros < 1_000; micros++) {
            sameMillisecond.add(Uuid7.ofOccurrence(job, millisecond.plusNanos(micros * 1_000L)));
        }
        assertThat(sameMillisecond).doesNotHaveDuplicates()
                .allMatch(other -> Uuid7.instantOf(other).equals(millisecond));
    }
}
