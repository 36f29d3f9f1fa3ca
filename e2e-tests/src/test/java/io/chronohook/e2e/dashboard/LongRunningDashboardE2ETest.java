package io.chronohook.e2e.dashboard;

import static io.chronohook.e2e.support.RunReports.report;
import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Browser;
import io.chronohook.e2e.support.FrontendProcess;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * A long-running run watched in a real headless Chromium, against the real backend and dashboard jars: the receiver
 * answers 202 and reports heartbeats with its run token, and the open run and job pages follow them by themselves
 * (progress bar, message, checkpoint, last heartbeat) until the receiver completes the run.
 */
class LongRunningDashboardE2ETest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String PASSWORD = "a long passphrase";

    @Test
    void theRunAndJobPagesFollowTheHeartbeatsUntilTheRunCompletes() throws Exception {
        try (Receiver receiver = Receiver.answering(202);
             BackendProcess backend = BackendProcess.start(Map.of());
             FrontendProcess dashboard = FrontendProcess.start(backend.uri(""));
             Browser browser = new Browser()) {
            String email = "long-" + UUID.randomUUID() + "@example.com";
            ApiClient api = new ApiClient(backend.uri("/"));
            api.signUp(email, PASSWORD);
            String job = api.send("POST", "/api/v1/jobs", """
                    {"name":"warehouse-export","schedule":{"type":"at","at":"%s"},"target":{"url":"%s"},
                     "longRunning":{"maxDuration":"PT1H","heartbeatTimeout":"PT2M"}}"""
                    .formatted(Instant.now().plus(Duration.ofDays(1)), receiver.url("/export")), 201)
                    .get("id").asString();
            String run = api.send("POST", "/api/v1/jobs/" + job + "/trigger", null, 202).get("id").asString();
            Await.until(() -> "running".equals(api.send("GET", "/api/v1/runs/" + run, null, 200)
                    .get("state").asString()), WAIT);
            String token = receiver.runToken(run);
            assertThat(report(backend, run, "heartbeat", token,
                    "{\"progress\":40,\"checkpoint\":{\"table\":\"orders\",\"offset\":4000}}")).isEqualTo(200);

            browser.open(dashboard.uri("/login"));
            browser.type(By.id("email"), email);
            browser.type(By.id("password"), PASSWORD);
            browser.click(By.cssSelector("form button[type=submit]"));
            browser.waitUntil(() -> browser.currentUrl().endsWith("/jobs"), WAIT);
            // The jobs list says a run of the job is running.
            assertThat(browser.find(By.cssSelector(".running-now")).getText()).contains("running");

            browser.open(dashboard.uri("/runs/" + run));
            assertThat(browser.waitFor(By.id("progress"), WAIT).getText()).contains("40 %");
            assertThat(browser.text()).contains("refreshes every 3 s").contains("\"offset\":4000");
            assertThat(browser.find(By.id("last-heartbeat")).getText()).isNotBlank();
            assertThat(browser.find(By.id("running-elapsed")).getText()).contains("since the receiver's 202");
            assertThat(browser.find(By.id("checkpoint-size")).getText()).contains("B");
            assertThat(progressBarWidth(browser)).isEqualTo("40%");

            // The page is left alone: the next heartbeats show on it by themselves.
            assertThat(report(backend, run, "heartbeat", token, "{\"progress\":75}")).isEqualTo(200);
            assertThat(report(backend, run, "heartbeat", token,
                    "{\"progress\":\"copying the last rows\",\"checkpoint\":{\"table\":\"orders\",\"offset\":7500}}"))
                    .isEqualTo(200);
            browser.waitUntil(() -> browser.text().contains("copying the last rows"), WAIT);
            assertThat(browser.find(By.id("progress")).getText()).contains("75 %").contains("copying the last rows");
            assertThat(progressBarWidth(browser)).isEqualTo("75%");
            assertThat(browser.text()).contains("\"offset\":7500");
            browser.screenshotWholePage("run-running");

            // The job page lists the run with its progress.
            browser.open(dashboard.uri("/jobs/" + job));
            assertThat(browser.waitFor(By.cssSelector(".run-progress"), WAIT).getText()).contains("75 %");
            assertThat(browser.text()).contains("copying the last rows · running");
            browser.screenshotWholePage("job-running");

            // Completed: the run page comes to rest on the result.
            browser.open(dashboard.uri("/runs/" + run));
            browser.waitFor(By.id("progress"), WAIT);
            assertThat(report(backend, run, "complete", token, "{\"result\":{\"rows\":7731}}")).isEqualTo(200);
            browser.waitUntil(() -> !browser.driver().findElements(By.id("run-result")).isEmpty(), WAIT);
            assertThat(browser.find(By.id("run-result")).getText()).contains("\"rows\":7731");
            assertThat(browser.find(By.cssSelector("h1 .badge")).getText()).isEqualTo("succeeded");
            assertThat(browser.find(By.id("progress")).getText()).contains("100 %");
            assertThat(browser.text()).doesNotContain("refreshes every 3 s");
            assertThat(receiver.total()).as("callbacks sent").isEqualTo(1);
        }
    }

    /** The width the progress bar on the run page is drawn at. */
    private static String progressBarWidth(Browser browser) {
        return browser.find(By.cssSelector("#progress .bar > span")).getDomAttribute("style")
                .replace("width:", "").replace(";", "").replace(".0%", "%").trim();
    }
}
