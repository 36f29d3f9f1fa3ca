package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The next fire times of a schedule ({@code POST /api/v1/schedules/preview}), in UTC and in the schedule's zone. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FireTimes(List<FireTime> fireTimes) {

    public FireTimes {
        fireTimes = fireTimes == null ? List.of() : List.copyOf(fireTimes);
    }

    /** One fire time. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FireTime(Instant utc, String local) {
    }
}
