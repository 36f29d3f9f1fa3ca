package io.chronohook.dashboard.jobs;

/** Jobs and runs as the backend sends them, for the stand-in backend of the jobs page tests. */
final class JobJson {

    static final String NIGHTLY_ID = "job_0196a1b2c3d4e5f60718293a4b5c6d7e";
    static final String FREQUENT_ID = "job_0196a1b2c3d4e5f60718293a4b5c6d7f";

    /** A long-running cron job in Berlin with labels, headers and a body, version 7, two of its runs running. */
    static final String NIGHTLY = """
            {"id":"%s","name":"nightly-report","labels":{"team":"billing","env":"prod"},
             "schedule":{"type":"cron","cron":"0 2 * * *","timeZone":"Europe/Berlin"},
             "target":{"url":"https://example.com/hooks/report","method":"POST",
                       "headers":{"X-Source":"chronohook"},"body":"{\\"report\\":\\"daily\\"}"},
             "retry":{"maxAttempts":5,"initialDelay":"PT10S","maxDelay":"PT1H"},
             "timeout":"PT30S","missedRunPolicy":"fire_once","backfillLimit":10,"overlapPolicy":"allow",
             "deliverySemantics":"at_least_once","spread":"PT0S","state":"active",
             "nextRunAt":"2026-11-24T01:00:00Z","createdAt":"2026-11-01T08:00:00Z",
             "updatedAt":"2026-11-20T08:00:00Z","version":7,
             "longRunning":{"maxDuration":"PT6H","heartbeatTimeout":"PT5M"},"runningRuns":2,
             "flowKey":"team:{labels.team}","resolvedFlowKey":"team:billing","priority":"high"}""".formatted(NIGHTLY_ID);

    /** A paused interval job. */
    static final String FREQUENT = """
            {"id":"%s","name":"cache-warmer","labels":{},
             "schedule":{"type":"interval","every":"PT15M"},
             "target":{"url":"https://example.com/hooks/warm","method":"GET"},
             "retry":{"maxAttempts":3,"initialDelay":"PT10S","maxDelay":"PT1H"},
             "timeout":"PT30S","missedRunPolicy":"skip","backfillLimit":10,"overlapPolicy":"skip",
             "deliverySemantics":"at_least_once","spread":"PT0S","state":"paused",
             "nextRunAt":null,"createdAt":"2026-11-01T08:00:00Z","updatedAt":"2026-11-20T08:00:00Z","version":2,
             "pausedReason":"the target answered 410 Gone"}""".formatted(FREQUENT_ID);

    /** 24 hourly buckets ending with "23 Nov 14:00", 12 succeeded + 1 failed there, 240 runs in all, 95 % succeeded. */
    static String activity(String jobId) {
        StringBuilder buckets = new StringBuilder();
        java.time.Instant start = java.time.Instant.parse("2026-11-22T15:00:00Z");
        long succeeded = 0;
        long failed = 0;
        for (int i = 0; i < 24; i++) {
            long ok;
            long bad;
            if (i == 23) {
                ok = 12;
                bad = 1;
            } else if (i < 22) {
                ok = i < 21 ? 10 : 6;
                bad = i < 11 ? 1 : 0;
            } else {
                ok = 0;
                bad = 0;
            }
            succeeded += ok;
            failed += bad;
            buckets.append(i == 0 ? "" : ",").append("{\"start\":\"").append(start.plusSeconds(3600L * i))
                    .append("\",\"succeeded\":").append(ok).append(",\"failed\":").append(bad).append('}');
        }
        return "{\"jobId\":\"" + jobId + "\",\"buckets\":[" + buckets + "],\"succeeded\":" + succeeded
                + ",\"failed\":" + failed + ",\"successRate\":" + (double) succeeded / (succeeded + failed) + "}";
    }

    private JobJson() {
    }
}
