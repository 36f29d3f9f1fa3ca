package io.chronohook.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Browser;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * The API's reference page renders in Chromium from the backend alone (Swagger UI from the jar, over the OpenAPI
 * document): the operations grouped, one opened to show its parameters and its problem answers; a screenshot of it
 * is saved as {@code target/screenshots/api-reference.png}.
 */
class ApiReferencePageE2ETest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void theReferencePageRendersTheDocumentsOperations() throws Exception {
        try (BackendProcess backend = BackendProcess.start(Map.of());
             Browser browser = new Browser()) {
            browser.open(backend.uri("/docs/api"));
            browser.waitFor(By.cssSelector(".swagger-ui .opblock"), WAIT);
            assertThat(browser.currentUrl()).contains("/swagger-ui/index.html");
            assertThat(browser.text()).contains("Chronohook API").contains("/api/v1/jobs")
                    .contains("/api/v1/runs/{runId}/heartbeat");
            long operations = browser.driver().findElements(By.cssSelector(".swagger-ui .opblock")).size();
            assertThat(operations).as("operations shown").isGreaterThan(40);

            browser.click(By.cssSelector(".swagger-ui .opblock-get .opblock-summary"));
            browser.waitUntil(() -> browser.text().contains("application/problem+json"), WAIT);
            browser.screenshotWholePage("api-reference");
        }
    }
}
