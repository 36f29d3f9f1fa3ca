package io.chronohook.dashboard.support;

import io.chronohook.dashboard.backend.StubBackend;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A page test: one dashboard (shared by every page test, so started once) pointed at the shared stand-in backend,
 * which answers with the routes of the test class's own {@link StubBackend}, and a signed-in {@link #client}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class PageTest {

    private final StubBackend backend;

    @LocalServerPort
    protected int port;

    protected SignedInClient client;

    /** A test whose backend answers as {@code backend} does. */
    protected PageTest(StubBackend backend) {
        this.backend = backend;
    }

    @DynamicPropertySource
    static void backendUrl(DynamicPropertyRegistry registry) {
        registry.add("chronohook.dashboard.backend-url", () -> StubBackend.sharedUrl().toString());
    }

    @BeforeEach
    void serveAndSignIn() {
        backend.activate();
        client = new SignedInClient(port);
    }
}
