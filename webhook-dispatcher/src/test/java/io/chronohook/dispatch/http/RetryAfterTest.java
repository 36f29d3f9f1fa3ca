package io.chronohook.dispatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @ParameterizedTest(name = "\"{0}\" means {1} s")
    @CsvSource(delimiter = '|', value = {
            "3|3",
            "0|0",
            "120|120",
            "' 42 '|42",
            "007|7",
            "-5|0",
    })
    void readsDeltaSecondsAndClampsNegativeToZero(String header, long seconds) {
        assertThat(RetryAfter.parse(header, NOW)).contains(Duration.ofSeconds(seconds));
    }

    @Test
    void capsAbsurdDelaysSoCallersCanAddThemToAnInstant() {
        assertThat(RetryAfter.parse("99999999999999999999999", NOW)).contains(RetryAfter.MAX);
        assertThat(RetryAfter.parse("Fri, 01 Jan 9999 00:00:00 GMT", NOW)).contains(RetryAfter.MAX);
    }

    @ParameterizedTest(name = "\"{0}\" means {1} s")
    @CsvSource(delimiter = '|', value = {
            "Sun, 22 Nov 2026 10:01:30 GMT|90",
            "Sun, 22 Nov 2026 10:00:00 GMT|0",
            "sun, 22 nov 2026 11:00:00 gmt|3600",
            "Mon, 22 Nov 2026 10:00:05 GMT|5",
            "Sunday, 22-Nov-26 10:02:00 GMT|120",
            "Sun Nov 22 10:00:10 2026|10",
            "Sun Nov  2 10:00:00 2026|0",
    })
    void readsTheThreeHttpDateForms(String header, long seconds) {
        assertThat(RetryAfter.parse(header, NOW)).contains(Duration.ofSeconds(seconds));
    }

    @Test
    void aDateInThePastMeansRetryNow() {
        assertThat(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", NOW)).contains(Duration.ZERO);
        assertThat(RetryAfter.parse("Sunday, 06-Nov-94 08:49:37 GMT", NOW)).contains(Duration.ZERO);
        assertThat(RetryAfter.parse("Sun Nov  6 08:49:37 1994", NOW)).contains(Duration.ZERO);
    }

    @Test
    void aTwoDigitYearFarInTheFutureBelongsToThePastCentury() {
        // 77 read as 2077 would be more than 50 years ahead of 2026, so it is 1977: in the past.
        assertThat(RetryAfter.parse("Tuesday, 22-Nov-77 10:00:00 GMT", NOW)).contains(Duration.ZERO);
        assertThat(RetryAfter.parse("Tuesday, 22-Nov-27 10:00:00 GMT", NOW)).hasValueSatisfying(delay ->
                assertThat(delay).isGreaterThan(Duration.ofDays(364)));
    }

    @ParameterizedTest(name = "\"{0}\" is ignored")
    @NullAndEmptySource
    @ValueSource(strings = {
            "soon", "1.5", "3 seconds", "+3", "0x10", "Sun, 22 Nov 2026 10:01:30 PST",
            "Sun, 31 Feb 2026 10:00:00 GMT", "Sun, 22 Nov 2026 25:00:00 GMT", "2026-11-22T10:01:30Z", "   ",
    })
    void ignoresGarbage(String header) {
        assertThat(RetryAfter.parse(header, NOW)).isEmpty();
    }
}
