package io.chronohook.e2e.delivery;

import static io.chronohook.e2e.support.RunReports.report;
import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * {@code kill -9} of the instance that sent a long-running run's callback: the run keeps running, its receiver's
 * heartbeats land on the other instance well past the heartbeat timeout, it completes there, and the callback was
 * sent once — the dead instance's runs are taken up again, but a running run is not one of them.
 */
@ExtendWith(FreshInstallation.class)
class LongRunningKillE2ETest {

    private static final Map<String, String> QUICK_DEATH = Map.of("CHRONOHOOK_NODE_DEAD_AFTER", "PT5S");

    @Test
    void heartbeatsGoOnThroughTheOtherInstanceAndTheCallbackIsNotSentAgain() throws Exception {
        try (Receiver receiver = Receiver.answering(202)) {
            BackendProcess first = BackendProcess.start(QUICK_DEATH);
            ApiClient viaFirst = new ApiClient(first.uri("/"));
            viaFirst.signUp();
            JsonNode job = viaFirst.send("POST", "/api/v1/jobs", """
                    {"name":"long export","schedule":{"type":"at","at":"%s"},"target":{"url":"%s"},
                     "longRunning":{"maxDuration":"PT10M","heartbeatTimeout":"PT5S"}}"""
                    .formatted(Instant.now().plus(Duration.ofDays(1)), receiver.url("/long")), 201);
            String run = viaFirst.send("POST", "/api/v1/jobs/" + job.get("id").asString() + "/trigger", null, 202)
                    .get("id").asString();
            Await.until(() -> "running".equals(viaFirst.send("GET", "/api/v1/runs/" + run, null, 200)
                    .get("state").asString()), Duration.ofSeconds(20));
            String token = receiver.runToken(run);
            assertThat(token).startsWith("crt_1_");

            // The receiver heartbeats every 1.5 s (the timeout is 5 s) through whichever instance it is pointed at.
            AtomicReference<BackendProcess> via = new AtomicReference<>(first);
            List<Integer> answers = new CopyOnWriteArrayList<>();
            AtomicBoolean beating = new AtomicBoolean(true);
            Thread beater = Thread.ofVirtual().start(() -> {
                int beat = 0;
                while (beating.get()) {
                    try {
                        answers.add(report(via.get(), run, "heartbeat", token, "{\"progress\":" + beat++ + "}"));
                        Thread.sleep(1500);
                    } catch (Exception e) {
                        answers.add(-1);
                    }
                }
            });
            try (BackendProcess second = BackendProcess.start(QUICK_DEATH)) {
                via.set(second);
                Thread.sleep(1500);
                first.kill();
                ApiClient viaSecond = viaFirst.sharingKeyWith(second.uri("/"));
                // Three heartbeat timeouts' worth of heartbeats through the surviving instance, while it finds the
                // first one dead and takes up its runs.
                Thread.sleep(15_000);
                beating.set(false);
                beater.join();
                assertThat(answers).as("heartbeat answers").hasSizeGreaterThan(10).containsOnly(200);
                assertThat(viaSecond.send("GET", "/api/v1/runs/" + run, null, 200).get("state").asString())
                        .isEqualTo("running");
                assertThat(report(second, run, "complete", token, "{\"result\":{\"rows\":42}}")).isEqualTo(200);

                JsonNode done = viaSecond.send("GET", "/api/v1/runs/" + run, null, 200);
                assertThat(done.get("state").asString()).isEqualTo("succeeded");
                assertThat(done.get("attempt").asInt()).isEqualTo(1);
                assertThat(done.get("running").get("result").get("rows").asInt()).isEqualTo(42);
                assertThat(receiver.total()).as("callbacks sent").isEqualTo(1);
            }
        }
    }
}
