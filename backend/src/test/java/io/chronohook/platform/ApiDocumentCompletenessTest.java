package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The document says everything a client's author needs, for every operation and schema: a name that says what the
 * operation does, a summary, its area, what each parameter is, the one success status it really answers with and
 * what it returns, problems for its errors; each schema and field described, with an example of each plain value.
 * Every gap is listed at once, each as the place and what is missing.
 */
class ApiDocumentCompletenessTest extends ApiTest {

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
    /** The bare reason phrases springdoc writes when a response is not described. */
    private static final Set<String> REASON_PHRASES = Set.of("OK", "Created", "Accepted", "No Content", "default response");
    private static final Set<String> PLAIN_TYPES = Set.of("string", "integer", "number", "boolean");

    private final List<String> gaps = new ArrayList<>();

    @Test
    void everyOperationAndSchemaIsDescribed() {
        JsonNode document = JsonMapper.builder().build().readTree(http.get().uri("/v3/api-docs").exchange()
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
        Set<String> tags = new HashSet<>();
        for (JsonNode tag : document.path("tags")) {
            tags.add(tag.path("name").asString());
            require(!tag.path("description").asString("").isBlank(), "tag " + tag.path("name") + ": no description");
        }
        Set<String> ids = new HashSet<>();
        for (String path : document.path("paths").propertyNames()) {
            for (String method : METHODS) {
                JsonNode operation = document.path("paths").path(path).path(method);
                if (!operation.isMissingNode()) {
                    operation(method.toUpperCase() + " " + path, method, operation, tags, ids);
                }
            }
        }
        JsonNode schemas = document.path("components").path("schemas");
        for (String name : schemas.propertyNames()) {
            schema(name, schemas.path(name));
        }
        assertThat(gaps).withFailMessage("the API document leaves out:%n  %s", String.join("\n  ", gaps)).isEmpty();
    }

    private void operation(String where, String method, JsonNode operation, Set<String> tags, Set<String> ids) {
        String id = operation.path("operationId").asString("");
        require(id.matches("[a-z][a-zA-Z]+"), where + ": operationId '" + id + "' is not a name (camelCase, no numbers)");
        require(ids.add(id), where + ": operationId '" + id + "' used twice");
        require(!operation.path("summary").asString("").isBlank(), where + ": no summary");
        require(operation.path("tags").size() == 1 && tags.contains(operation.path("tags").path(0).asString()),
                where + ": not in exactly one of the document's tags " + tags + ": " + operation.path("tags"));
        for (JsonNode parameter : operation.path("parameters")) {
            require(!parameter.path("description").asString("").isBlank(),
                    where + ": parameter " + parameter.path("name").asString() + " has no description");
        }
        JsonNode body = operation.path("requestBody");
        if (!body.isMissingNode()) {
            require(body.path("content").has("application/json"), where + ": request body not application/json");
        }
        List<String> successes = new ArrayList<>();
        JsonNode responses = operation.path("responses");
        for (String status : responses.propertyNames()) {
            JsonNode response = responses.path(status);
            String description = response.path("description").asString("");
            require(!description.isBlank() && !REASON_PHRASES.contains(description),
                    where + " " + status + ": the response is not described ('" + description + "')");
            if (status.startsWith("2")) {
                successes.add(status);
                success(where + " " + status, status, response);
            } else {
                require(response.path("content").propertyNames().equals(Set.of("application/problem+json")),
                        where + " " + status + ": an error not answered as application/problem+json");
            }
        }
        require(successes.size() == 1, where + ": " + successes.size() + " success statuses " + successes);
        require(!method.equals("get") || successes.equals(List.of("200")), where + ": a read answering " + successes);
    }

    private void success(String where, String status, JsonNode response) {
        JsonNode content = response.path("content");
        if (status.equals("204")) {
            require(content.isMissingNode() || content.isEmpty(), where + ": 204 with a body");
            return;
        }
        require(content.has("application/json"), where + ": no application/json body");
        for (String type : content.propertyNames()) {
            require(type.equals("application/json") || type.startsWith("text/csv"), where + ": answered as " + type);
            require(!content.path(type).path("schema").isMissingNode(), where + " " + type + ": no schema");
        }
    }

    private void schema(String name, JsonNode schema) {
        if (name.equals(ApiDocsConfig.ANY_JSON)) {
            return;
        }
        require(!schema.path("description").asString("").isBlank(), "schema " + name + ": no description");
        JsonNode properties = schema.path("properties");
        for (String field : properties.propertyNames()) {
            JsonNode property = properties.path(field);
            String where = "schema " + name + "." + field;
            require(!property.path("description").asString("").isBlank() || property.has("$ref"),
                    where + ": no description");
            if (plain(property)) {
                require(property.has("example") || property.has("examples"), where + ": no example");
            }
        }
    }

    private static boolean plain(JsonNode property) {
        JsonNode type = property.path("type");
        if (type.isString()) {
            return PLAIN_TYPES.contains(type.asString());
        }
        for (JsonNode each : property.path("types").isArray() ? property.path("types") : type) {
            if (PLAIN_TYPES.contains(each.asString())) {
                return true;
            }
        }
        return false;
    }

    private void require(boolean holds, String gap) {
        if (!holds) {
            gaps.add(gap);
        }
    }
}
