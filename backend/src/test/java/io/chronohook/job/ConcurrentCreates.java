package io.chronohook.job;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import tools.jackson.databind.json.JsonMapper;

/** Single creates sent at once, as many clients would. */
final class ConcurrentCreates {

    private static final JsonMapper JSON = new JsonMapper();

    private ConcurrentCreates() {
    }

    static Map<String, Object> job(String name) {
        return Map.of("name", name, "schedule", Map.of("type", "cron", "cron", "0 3 * * *", "timeZone", "UTC"),
                "target", Map.of("url", "http://127.0.0.1:9/hook", "method", "POST"));
    }

    /** Sends {@code total} single creates to the backend on {@code port}, {@code parallel} in flight; the answers. */
    static List<HttpResponse<byte[]>> send(int port, String apiKey, int total, int parallel) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Semaphore inFlight = new Semaphore(parallel);
        List<CompletableFuture<HttpResponse<byte[]>>> answers = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            byte[] json = JSON.writeValueAsBytes(job("together-" + i));
            inFlight.acquire();
            answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/jobs"))
                            .header("Authorization", "Bearer " + apiKey)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(json)).build(),
                    HttpResponse.BodyHandlers.ofByteArray())
                    .whenComplete((answer, error) -> inFlight.release()));
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
        return answers.stream().map(CompletableFuture::join).toList();
    }
}
