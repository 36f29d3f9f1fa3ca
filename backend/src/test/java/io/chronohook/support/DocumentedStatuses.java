package io.chronohook.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.WebFilter;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Holds the published API document (docs/openapi.json) to what the API really does: every success answer of every
 * request an API test makes is compared with the success status the document gives that operation, and
 * {@link ApiTest} fails a test whose requests got another one. So a document saying 200 where the API answers 201
 * (what a generated client or a reader relies on) cannot pass the suite.
 */
@TestConfiguration(proxyBeanMethods = false)
public class DocumentedStatuses {

    private static final Path CONTRACT = Path.of("..", "docs", "openapi.json");
    private static final Queue<String> WRONG = new ConcurrentLinkedQueue<>();
    private static volatile JsonNode document;

    @Bean
    WebFilter documentedStatuses() {
        return (exchange, chain) -> {
            exchange.getResponse().beforeCommit(() -> {
                HttpStatusCode status = exchange.getResponse().getStatusCode();
                Object pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
                if (status != null && status.is2xxSuccessful() && pattern instanceof PathPattern path) {
                    check(exchange.getRequest().getMethod().name(), path.getPatternString(), status.value());
                }
                return Mono.empty();
            });
            return chain.filter(exchange);
        };
    }

    /** What answered otherwise than the document says since the last call, each as one line; then forgotten. */
    static List<String> takeWrong() {
        List<String> wrong = new ArrayList<>();
        for (String line = WRONG.poll(); line != null; line = WRONG.poll()) {
            wrong.add(line);
        }
        return wrong;
    }

    private static void check(String method, String path, int status) {
        JsonNode operation = document().path("paths").path(path).path(method.toLowerCase(Locale.ROOT));
        if (operation.isMissingNode()) {
            return; // not a public API operation (the document's own page, the actuator)
        }
        List<String> documented = new ArrayList<>();
        for (String code : operation.path("responses").propertyNames()) {
            if (code.startsWith("2")) {
                documented.add(code);
            }
        }
        if (!documented.contains(Integer.toString(status))) {
            WRONG.add(method + " " + path + " answered " + status + "; docs/openapi.json says " + documented);
        }
    }

    private static JsonNode document() {
        if (document == null) {
            try {
                document = JsonMapper.builder().build().readTree(Files.readString(CONTRACT));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return document;
    }
}
