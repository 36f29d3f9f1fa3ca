package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document served at {@code /v3/api-docs} is valid OpenAPI 3.1 (read by swagger-parser), lists exactly
 * the endpoints docs/api.md documents, names the credential of each, and describes the problems; the reference page
 * is served from the jar.
 */
class ApiDocsTest extends ApiTest {

    /** An endpoint as docs/api.md writes it in its tables: {@code `GET /api/v1/jobs/{id}`}. */
    private static final Pattern DOCUMENTED = Pattern.compile("`(GET|POST|PUT|PATCH|DELETE) (/api/v1/[^` ]*)`");

    @Test
    void theDocumentIsValidOpenApi31AndListsEveryDocumentedEndpoint() throws IOException {
        String json = http.get().uri("/v3/api-docs").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json, null, options);
        assertThat(parsed.getMessages()).as("what swagger-parser found wrong").isEmpty();
        OpenAPI document = parsed.getOpenAPI();
        assertThat(document.getOpenapi()).startsWith("3.1");

        Set<String> served = new TreeSet<>();
        document.getPaths().forEach((path, item) -> item.readOperationsMap().keySet()
                .forEach(method -> served.add(method.name() + " " + normalized(path))));
        Set<String> documented = documented();
        assertThat(documented).as("endpoints of docs/api.md").hasSizeGreaterThan(40);
        assertThat(served).as("served by the API, in the OpenAPI document").containsAll(documented);
        Set<String> undocumented = new TreeSet<>(served);
        undocumented.removeAll(documented);
        assertThat(undocumented).as("in the OpenAPI document, missing from docs/api.md").isEmpty();
    }

    @Test
    void eachOperationNamesItsCredentialAndItsProblems() {
        String json = http.get().uri("/v3/api-docs").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        OpenAPI document = new OpenAPIV3Parser().readContents(json, null, new ParseOptions()).getOpenAPI();
        assertThat(document.getComponents().getSecuritySchemes()).containsKeys("apiKey", "runToken", "operatorToken");
        assertThat(document.getSecurity()).singleElement().satisfies(requirement ->
                assertThat(requirement).containsKey("apiKey"));
        PathItem signup = document.getPaths().get("/api/v1/signup");
        assertThat(signup.getPost().getSecurity()).as("sign-up needs no credential").isEmpty();
        document.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            assertThat(operation.getResponses()).as("%s %s", method, path).containsKeys("400", "401", "404");
            assertThat(operation.getResponses().get("400").getContent()).containsKey("application/problem+json");
            if (path.startsWith("/api/v1/operator/")) {
                assertThat(operation.getSecurity()).as("%s %s", method, path).singleElement()
                        .satisfies(requirement -> assertThat(requirement).containsKey("operatorToken"));
            }
        }));
        assertThat(document.getPaths().get("/api/v1/runs/{runId}/heartbeat").getPost().getSecurity())
                .anySatisfy(requirement -> assertThat(requirement).containsKey("runToken"));
    }

    @Test
    void theReferencePageIsServedFromTheJar() {
        String page = http.get().uri("/webjars/swagger-ui/index.html").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(page).contains("swagger-ui");
        http.get().uri("/docs/api").exchange().expectStatus().is3xxRedirection();
    }

    private static Set<String> documented() throws IOException {
        Set<String> endpoints = new TreeSet<>();
        Matcher matcher = DOCUMENTED.matcher(Files.readString(Path.of("..", "docs", "api.md")));
        while (matcher.find()) {
            endpoints.add(matcher.group(1) + " " + normalized(matcher.group(2)));
        }
        return endpoints;
    }

    /** A path with its parameters' names left out: {@code /api/v1/jobs/{}}. */
    private static String normalized(String path) {
        return path.replaceAll("\\{[^}]*}", "{}").replaceAll("\\?.*$", "").toLowerCase(Locale.ROOT);
    }
}
