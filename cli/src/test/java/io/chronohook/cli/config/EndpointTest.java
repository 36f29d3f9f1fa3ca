package io.chronohook.cli.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EndpointTest {

    private static final Optional<StoredLogin> LOGGED_IN =
            Optional.of(new StoredLogin("https://api.example.com", "chk_stored"));

    @Test
    void theUrlComesFromTheOptionThenTheEnvironmentThenTheLoginThenTheDefault() {
        Map<String, String> env = Map.of("CHRONOHOOK_URL", "https://env.example.com/");

        assertThat(Endpoint.url("http://flag.example.com:9000", env, LOGGED_IN))
                .isEqualTo(URI.create("http://flag.example.com:9000"));
        assertThat(Endpoint.url(null, env, LOGGED_IN)).isEqualTo(URI.create("https://env.example.com"));
        assertThat(Endpoint.url(null, Map.of(), LOGGED_IN)).isEqualTo(URI.create("https://api.example.com"));
        assertThat(Endpoint.url(null, Map.of(), Optional.empty())).isEqualTo(URI.create("http://localhost:8080"));
    }

    @Test
    void theKeyOfTheEnvironmentWinsOverTheStoredOne() {
        Endpoint endpoint = Endpoint.resolve(null, Map.of("CHRONOHOOK_API_KEY", "chk_env"), LOGGED_IN, "cfg");

        assertThat(endpoint).isEqualTo(new Endpoint(URI.create("https://api.example.com"), "chk_env"));
    }

    @Test
    void theStoredKeyGoesToTheUrlItWasCheckedAgainst() {
        Endpoint endpoint = Endpoint.resolve("https://API.example.com:443/", Map.of(), LOGGED_IN, "cfg");

        assertThat(endpoint.apiKey()).isEqualTo("chk_stored");
    }

    @Test
    void theStoredKeyIsNeverSentToAnotherInstallation() {
        assertThatThrownBy(() -> Endpoint.resolve("http://localhost:8080", Map.of(), LOGGED_IN, "cfg"))
                .isInstanceOfSatisfying(CliFailure.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(ExitCodes.CREDENTIAL);
                    assertThat(failure.getMessage()).contains("saved key is for https://api.example.com",
                            "chk --url http://localhost:8080 login");
                });
    }

    @Test
    void withoutAnyKeyTheUserIsToldHowToGetOne() {
        assertThatThrownBy(() -> Endpoint.resolve(null, Map.of(), Optional.empty(), "/home/ada/.config/x.json"))
                .isInstanceOfSatisfying(CliFailure.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(ExitCodes.CREDENTIAL);
                    assertThat(failure.getMessage()).contains("chk login", "CHRONOHOOK_API_KEY");
                });
    }

    @Test
    void aUrlThatIsNotHttpWithAHostIsAUsageError() {
        for (String wrong : new String[] {"localhost:8080", "ftp://example.com", "http://", "https://x/?q=1"}) {
            assertThatThrownBy(() -> Endpoint.parseUrl(wrong, "--url"))
                    .as(wrong)
                    .isInstanceOfSatisfying(CliFailure.class,
                            failure -> assertThat(failure.exitCode()).isEqualTo(ExitCodes.USAGE));
        }
    }
}
