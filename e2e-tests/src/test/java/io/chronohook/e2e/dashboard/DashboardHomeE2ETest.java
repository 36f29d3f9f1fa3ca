package io.chronohook.e2e.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Browser;
import io.chronohook.e2e.support.FrontendProcess;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/** The dashboard jar in a real browser, pointed at a real backend jar. */
class DashboardHomeE2ETest {

    @Test
    void theHomePageSaysTheApiIsReachable() throws Exception {
        try (BackendProcess backend = BackendProcess.start(Map.of());
             FrontendProcess dashboard = FrontendProcess.start(backend.uri(""));
             Browser browser = new Browser()) {
            browser.open(dashboard.uri("/"));
            browser.screenshot("home");

            assertThat(browser.title()).isEqualTo("Chronohook");
            assertThat(browser.find(By.cssSelector("[role=status]")).getText())
                    .isEqualToNormalizingWhitespace("The API at " + backend.uri("") + " is reachable.");
        }
    }
}
