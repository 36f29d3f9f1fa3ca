package io.chronohook.dashboard.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Durations are typed as people say them, or in ISO-8601, and shown back the way people say them. */
class DurationsTest {

    @Test
    void theWaysPeopleTypeADurationAreRead() {
        assertThat(Durations.fromTyped("30 s")).contains(Duration.ofSeconds(30));
        assertThat(Durations.fromTyped("30s")).contains(Duration.ofSeconds(30));
        assertThat(Durations.fromTyped("30 seconds")).contains(Duration.ofSeconds(30));
        assertThat(Durations.fromTyped("5 min")).contains(Duration.ofMinutes(5));
        assertThat(Durations.fromTyped("5m")).contains(Duration.ofMinutes(5));
        assertThat(Durations.fromTyped("2 h")).contains(Duration.ofHours(2));
        assertThat(Durations.fromTyped("2 Hours")).contains(Duration.ofHours(2));
        assertThat(Durations.fromTyped("1 h 30 min")).contains(Duration.ofMinutes(90));
        assertThat(Durations.fromTyped("1h30m")).contains(Duration.ofMinutes(90));
        assertThat(Durations.fromTyped("1 day")).contains(Duration.ofDays(1));
        assertThat(Durations.fromTyped("2 days, 3 h")).contains(Duration.ofHours(51));
        assertThat(Durations.fromTyped("1.5 h")).contains(Duration.ofMinutes(90));
        assertThat(Durations.fromTyped("250 ms")).contains(Duration.ofMillis(250));
    }

    @Test
    void theIsoFormIsReadToo() {
        assertThat(Durations.fromTyped("PT30S")).contains(Duration.ofSeconds(30));
        assertThat(Durations.fromTyped("pt15m")).contains(Duration.ofMinutes(15));
        assertThat(Durations.fromTyped("P1D")).contains(Duration.ofDays(1));
    }

    @Test
    void anythingElseIsNotADuration() {
        assertThat(Durations.fromTyped("soon")).isEmpty();
        assertThat(Durations.fromTyped("30")).isEmpty();
        assertThat(Durations.fromTyped("5 minutes later")).isEmpty();
        assertThat(Durations.fromTyped("5 mins 3")).isEmpty();
        assertThat(Durations.fromTyped("PT")).isEmpty();
        assertThat(Durations.fromTyped("")).isEmpty();
    }

    @Test
    void apiDurationsAreShownTheWayTheyAreTyped() {
        assertThat(Durations.typed("PT30S")).isEqualTo("30 s");
        assertThat(Durations.typed("PT1H30M")).isEqualTo("1 h 30 min");
        assertThat(Durations.typed("P1D")).isEqualTo("1 d");
        assertThat(Durations.typed("PT0S")).isEqualTo("0 s");
        assertThat(Durations.fromTyped(Durations.typed("PT1H30M"))).contains(Duration.ofMinutes(90));
        assertThat(Durations.fromTyped(Durations.typed("P2DT3H"))).contains(Duration.ofHours(51));
    }
}
