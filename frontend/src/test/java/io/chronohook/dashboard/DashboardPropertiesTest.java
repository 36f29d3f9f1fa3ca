package io.chronohook.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.URI;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

class DashboardPropertiesTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(DashboardProperties.class)
    static class Bound {
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withUserConfiguration(Bound.class);

    @Test
    void defaultsToTheLocalBackend() {
        runner.run(context -> assertThat(context.getBean(DashboardProperties.class).backendUrl())
                .isEqualTo(URI.create("http://127.0.0.1:8080")));
    }

    @Test
    void bindsTheConfiguredUrlWithoutTrailingSlash() {
        runner.withPropertyValues("chronohook.dashboard.backend-url=https://api.chronohook.example/")
                .run(context -> assertThat(context.getBean(DashboardProperties.class).backendUrl())
                        .isEqualTo(URI.create("https://api.chronohook.example")));
    }

    @Test
    void startUpFailsWithAClearMessageForANonHttpUrl() {
        runner.withPropertyValues("chronohook.dashboard.backend-url=localhost:8080")
                .run(context -> assertThat(context).getFailure()
                        .rootCause()
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("chronohook.dashboard.backend-url (env CHRONOHOOK_BACKEND_URL) must be an absolute"
                                + " http:// or https:// URL such as http://127.0.0.1:8080, but was 'localhost:8080'"));
    }

    @Test
    void rejectsRelativeOtherSchemesAndQueries() {
        assertThatIllegalArgumentException().isThrownBy(() -> new DashboardProperties(URI.create("/api")));
        assertThatIllegalArgumentException().isThrownBy(() -> new DashboardProperties(URI.create("ftp://backend")));
        assertThatIllegalArgumentException().isThrownBy(() -> new DashboardProperties(URI.create("http:///nohost")));
        assertThatIllegalArgumentException().isThrownBy(() -> new DashboardProperties(URI.create("http://backend?x=1")))
                .withMessageContaining("without query or fragment");
        assertThatIllegalArgumentException().isThrownBy(() -> new DashboardProperties(null))
                .withMessageContaining("must be set");
    }
}
