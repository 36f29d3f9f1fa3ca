package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One job's finished runs per hour ({@code GET /api/v1/jobs/activity}), oldest hour first. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record JobActivity(String jobId, List<Bucket> buckets, long succeeded, long failed, Double successRate) {

    public JobActivity {
        buckets = buckets == null ? List.of() : List.copyOf(buckets);
    }

    /** Runs that ended in one hour. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Bucket(Instant start, long succeeded, long failed) {
    }
}
