package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.ApiClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** One tenant's every-second cron jobs ({@code * * * * * *}) calling one receiver: n jobs offer n runs a second. */
final class CronFleet {

    private final ApiClient api;
    private final String url;
    private int size;

    CronFleet(ApiClient api, String url) {
        this.api = api;
        this.url = url;
    }

    int size() {
        return size;
    }

    /** Creates jobs through the batch endpoint until there are {@code jobs}; returns how long that took. */
    Duration growTo(int jobs) throws InterruptedException {
        List<String> more = new ArrayList<>();
        for (int i = size; i < jobs; i++) {
            more.add(ApiClient.cron("every-second-" + i, "* * * * * *", url));
        }
        Instant start = Instant.now();
        api.createInBatches(more, 500, 2);
        size = Math.max(size, jobs);
        return Duration.between(start, Instant.now());
    }
}
