package io.chronohook.e2e.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Browser;
import io.chronohook.e2e.support.FrontendProcess;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * A new tenant's first session in a real headless Chromium, against the real backend and dashboard jars and local
 * receivers: sign up, create a cron job watching its preview, see its first run and attempt, repair a dead run,
 * manage an API key and the signing secret, read usage, sign out and in again. Saves a screenshot of every page.
 */
class DashboardScenarioE2ETest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Duration DELIVERY = Duration.ofSeconds(60);
    private static final String PASSWORD = "a long passphrase";

    @Test
    void aNewTenantSchedulesWatchesRepairsAndAdministersItsJobsFromTheBrowser() throws Exception {
        try (Receiver receiver = new Receiver();
             Receiver failing = Receiver.answering(500);
             BackendProcess backend = BackendProcess.start(Map.of());
             FrontendProcess dashboard = FrontendProcess.start(backend.uri(""));
             Browser browser = new Browser()) {
            String email = "scenario-" + UUID.randomUUID() + "@example.com";

            // Sign up: the first API key and the signing secret are shown once.
            browser.open(dashboard.uri("/signup"));
            browser.screenshot("signup");
            browser.type(By.id("tenantName"), "Acme Logistics");
            browser.type(By.id("email"), email);
            browser.type(By.id("password"), PASSWORD);
            browser.click(By.cssSelector("form button[type=submit]"));
            String apiKey = browser.waitFor(By.id("api-key"), WAIT).getDomProperty("value");
            String secret = browser.value(By.id("signing-secret"));
            assertThat(apiKey).startsWith("chk_");
            assertThat(secret).startsWith("whsec_");
            browser.screenshot("signup-welcome");
            ApiClient api = ApiClient.withKey(backend.uri("/"), apiKey);

            // No jobs yet: the empty state teaches both ways in.
            browser.open(dashboard.uri("/jobs"));
            assertThat(browser.text()).contains("curl").contains("Acme Logistics");
            browser.screenshot("jobs-empty");

            // A malformed form keeps what was typed and says what is wrong next to each field.
            browser.open(dashboard.uri("/jobs/new"));
            browser.type(By.id("name"), "nightly-report");
            browser.click(By.cssSelector("input[name=scheduleType][value=cron]"));
            browser.type(By.id("cron"), "61 * * * *");
            browser.type(By.id("timeZone"), "Europe/Berlin");
            browser.type(By.id("url"), "ftp://example.com/hooks/report");
            browser.click(By.id("save-job"));
            assertThat(browser.waitFor(By.id("cron-error"), WAIT).getText()).isNotBlank();
            assertThat(browser.find(By.id("url-error")).getText()).isNotBlank();
            assertThat(browser.value(By.id("cron"))).isEqualTo("61 * * * *");
            assertThat(browser.value(By.id("name"))).isEqualTo("nightly-report");
            assertThat(browser.value(By.id("url"))).isEqualTo("ftp://example.com/hooks/report");
            browser.screenshotWholePage("job-form-errors");

            // Fixed, with the next fire times previewed live while typing; a corrected field drops its error at once.
            browser.type(By.id("cron"), "*/5 * * * * *");
            assertThat(browser.driver().findElements(By.id("cron-error"))).isEmpty();
            assertThat(browser.find(By.id("cron")).getDomAttribute("aria-invalid")).isNull();
            assertThat(browser.driver().findElements(By.id("url-error"))).hasSize(1);
            browser.type(By.id("url"), receiver.url("/hooks/report"));
            assertThat(browser.driver().findElements(By.id("url-error"))).isEmpty();
            browser.waitUntil(() -> browser.driver().findElements(By.cssSelector("#preview-times li")).size() == 5,
                    WAIT);
            browser.screenshotWholePage("job-form");
            browser.click(By.id("save-job"));
            browser.waitUntil(() -> browser.currentUrl().matches(".*/jobs/job_[0-9a-f]+$"), WAIT);
            assertThat(browser.text()).contains("Job created.").contains("nightly-report");

            // Its first run arrives and shows in the history; the run page shows the attempt.
            refreshUntil(browser, () -> !browser.driver().findElements(By.cssSelector("a.run-link")).isEmpty()
                    && !browser.driver().findElements(By.cssSelector("table .state-succeeded")).isEmpty());
            assertThat(receiver.distinct()).isPositive();
            browser.screenshotWholePage("job-detail");
            // The list starts with the occurrences planned ahead (up to the gate's horizon): follow a delivered run.
            browser.click(By.xpath("//tr[.//*[contains(@class, 'state-succeeded')]]//a[contains(@class, 'run-link')]"));
            browser.waitFor(By.cssSelector("#attempts .attempt"), WAIT);
            refreshUntil(browser, () -> !browser.driver().findElements(By.cssSelector("#attempts .attempt.ok")).isEmpty());
            assertThat(browser.find(By.id("attempts")).getText()).contains("200");
            // The request that went out, as the receiver got it.
            browser.click(By.cssSelector("#request-1 > summary"));
            assertThat(browser.find(By.id("request-1")).getText()).contains("webhook-signature").contains("POST");
            browser.screenshotWholePage("run");

            // A job whose endpoint fails lands in the dead letters; replaying delivers it again with the same run id.
            api.send("POST", "/api/v1/jobs", "{\"name\":\"billing-sync\",\"schedule\":{\"type\":\"now\"},"
                    + "\"target\":{\"url\":\"" + failing.url("/sync") + "\"},\"retry\":{\"maxAttempts\":1}}", 201);
            browser.open(dashboard.uri("/dead-letters"));
            refreshUntil(browser, () -> !browser.driver().findElements(By.cssSelector(".replay-run")).isEmpty());
            assertThat(browser.find(By.cssSelector("#dead-letters .job-name")).getText()).isEqualTo("billing-sync");
            // The job picker filters by job, by name.
            new Select(browser.find(By.id("jobId"))).selectByVisibleText("billing-sync");
            browser.waitUntil(() -> browser.currentUrl().contains("jobId=job_"), WAIT);
            assertThat(browser.text()).contains("Replay all dead runs of this job");
            browser.screenshotWholePage("dead-letters");
            assertThat(failing.total()).isEqualTo(1);
            browser.confirmDialogs();
            browser.click(By.cssSelector(".replay-run"));
            browser.waitFor(By.cssSelector(".flash-success"), WAIT);
            browser.waitUntil(() -> failing.total() == 2, DELIVERY);
            assertThat(failing.distinct()).isEqualTo(1);

            // The jobs list: schedules in words, next runs, 24 h sparklines; also at a phone's width.
            browser.open(dashboard.uri("/jobs"));
            assertThat(browser.text()).contains("nightly-report").contains("billing-sync");
            assertThat(browser.driver().findElements(By.cssSelector("svg.spark"))).isNotEmpty();
            browser.screenshotWholePage("jobs");
            // Row actions: pause and resume a job without leaving the list.
            browser.click(By.cssSelector("button.pause-job[aria-label='Pause nightly-report']"));
            browser.waitUntil(() -> browser.text().contains("Job “nightly-report” paused."), WAIT);
            browser.click(By.cssSelector("button.resume-job[aria-label='Resume nightly-report']"));
            browser.waitUntil(() -> browser.text().contains("Job “nightly-report” resumed."), WAIT);
            assertThat(browser.currentUrl()).endsWith("/jobs");
            // The name search keeps only the jobs whose name holds what was typed.
            browser.type(By.id("name"), "BILLING");
            browser.click(By.id("filter-jobs"));
            browser.waitUntil(() -> browser.currentUrl().contains("name=BILLING"), WAIT);
            assertThat(browser.text()).contains("billing-sync").doesNotContain("nightly-report");
            browser.open(dashboard.uri("/jobs"));
            // On a phone every page of the menu stays in sight and nothing scrolls sideways.
            browser.phoneWidth();
            assertThat((Boolean) ((org.openqa.selenium.JavascriptExecutor) browser.driver()).executeScript("""
                    var width = window.innerWidth;
                    var links = Array.from(document.querySelectorAll('.sidebar nav a'));
                    return links.length > 5 && document.documentElement.scrollWidth <= width
                        && links.every(function (a) { var r = a.getBoundingClientRect();
                                                      return r.left >= 0 && r.right <= width; });""")).isTrue();
            browser.screenshot("jobs-phone");
            browser.laptopWidth();

            // Endpoint health and the audit log.
            browser.open(dashboard.uri("/endpoints"));
            assertThat(browser.text()).contains("127.0.0.1");
            browser.screenshotWholePage("endpoints");

            // An API key: created with a scope, shown once, works; revoked, refused.
            browser.open(dashboard.uri("/api-keys"));
            browser.type(By.id("key-name"), "deploy-bot");
            if (!browser.find(By.id("scope-jobs-read")).isSelected()) {
                browser.click(By.id("scope-jobs-read"));
            }
            if (browser.find(By.id("scope-admin")).isSelected()) {
                browser.click(By.id("scope-admin"));
            }
            browser.click(By.id("create-key"));
            String created = browser.waitFor(By.id("new-key-value"), WAIT).getDomProperty("value");
            assertThat(created).startsWith("chk_").isNotEqualTo(apiKey);
            browser.screenshotWholePage("api-keys");
            ApiClient deployBot = ApiClient.withKey(backend.uri("/"), created);
            assertThat(deployBot.status("GET", "/api/v1/jobs")).isEqualTo(200);
            browser.open(dashboard.uri("/api-keys"));
            assertThat(browser.text()).doesNotContain(created);
            browser.confirmDialogs();
            browser.click(By.xpath("//tr[contains(., 'deploy-bot')]//button[contains(@class, 'revoke-key')]"));
            browser.waitFor(By.cssSelector(".flash-success"), WAIT);
            assertThat(deployBot.status("GET", "/api/v1/jobs")).isEqualTo(401);

            // The signing secret: hidden until revealed, then rotated.
            browser.open(dashboard.uri("/settings/signing-secret"));
            assertThat(browser.driver().getPageSource()).doesNotContain(secret);
            browser.click(By.id("reveal-secret"));
            assertThat(browser.waitFor(By.id("signing-secret-value"), WAIT).getDomProperty("value")).isEqualTo(secret);
            browser.confirmDialogs();
            browser.click(By.id("rotate-secret"));
            browser.waitFor(By.cssSelector(".flash-success"), WAIT);
            browser.click(By.id("reveal-secret"));
            String rotated = browser.waitFor(By.id("signing-secret-value"), WAIT).getDomProperty("value");
            assertThat(rotated).startsWith("whsec_").isNotEqualTo(secret);
            assertThat(browser.driver().getPageSource()).contains(secret);
            browser.screenshotWholePage("signing-secret");

            // Usage against the plan, and the audit log of all of the above.
            browser.open(dashboard.uri("/usage"));
            assertThat(browser.waitFor(By.id("usage-executions"), WAIT).getText()).isNotBlank();
            browser.screenshotWholePage("usage");
            browser.open(dashboard.uri("/audit"));
            assertThat(browser.text()).contains("deploy-bot").containsIgnoringCase("revoked").contains(email);
            browser.screenshotWholePage("audit");

            // Sign out: the session is gone, a page asks for a sign-in and comes back after it.
            browser.click(By.cssSelector(".who button[type=submit]"));
            browser.waitFor(By.id("password"), WAIT);
            assertThat(browser.text()).contains("You are signed out.");
            browser.open(dashboard.uri("/jobs"));
            browser.waitUntil(() -> browser.currentUrl().contains("/login?next="), WAIT);
            browser.screenshot("login");
            browser.type(By.id("email"), email);
            browser.type(By.id("password"), PASSWORD);
            browser.click(By.cssSelector("form button[type=submit]"));
            browser.waitUntil(() -> browser.currentUrl().endsWith("/jobs"), WAIT);
            assertThat(browser.text()).contains("nightly-report");

            // The operator's view of the installation.
            browser.open(dashboard.uri("/operator/login"));
            browser.type(By.id("operator-token"), TestEnvironment.OPERATOR_TOKEN);
            browser.click(By.cssSelector("form button[type=submit]"));
            assertThat(browser.waitFor(By.id("fire-lag-p99"), WAIT).getText()).isNotBlank();
            browser.screenshotWholePage("operator");
        }
    }

    /** Reloads the page until {@code condition} holds: pages show what the backend knows when they render. */
    private static void refreshUntil(Browser browser, java.util.function.Supplier<Boolean> condition) {
        browser.waitUntil(() -> {
            if (condition.get()) {
                return true;
            }
            browser.driver().navigate().refresh();
            return condition.get();
        }, DELIVERY);
    }
}
