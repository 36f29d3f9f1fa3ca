package io.chronohook.e2e.support;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** What a long-running receiver sends about its run: reports with the run token alone, as a receiver sends them. */
public final class RunReports {

    private RunReports() {
    }

    /** {@code POST /api/v1/runs/{run}/{what}} (heartbeat, complete, fail) with {@code body}; returns the status. */
    public static int report(BackendProcess backend, String run, String what, String token, String body)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(backend.uri("/api/v1/runs/" + run + "/" + what))
                .header("Chronohook-Run-Token", token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).timeout(Duration.ofSeconds(10)).build();
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }
}
