package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Each kind of change, planted in a small document: reported when it breaks a client, not when it does not. */
class ApiCompatibilityTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final String DOCUMENT = """
            {
              "openapi": "3.1.0",
              "info": {"title": "t", "version": "1.0.0"},
              "paths": {
                "/api/v1/jobs": {
                  "post": {
                    "requestBody": {"required": true,
                      "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobRequest"}}}},
                    "responses": {"201": {"description": "created",
                      "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Job"}}}}}
                  },
                  "get": {
                    "parameters": [{"name": "limit", "in": "query", "required": false, "schema": {"type": "integer"}}],
                    "responses": {"200": {"description": "a page",
                      "content": {"application/json": {"schema": {"type": "object",
                        "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Job"}}}}}}}}
                  }
                }
              },
              "components": {"schemas": {
                "JobRequest": {"type": "object", "required": ["name"], "properties": {
                  "name": {"type": "string"},
                  "timeout": {"type": ["string", "null"]},
                  "policy": {"type": "string", "enum": ["skip", "fire_once"]}}},
                "Job": {"type": "object", "required": ["id", "name"], "properties": {
                  "id": {"type": "string"},
                  "name": {"type": "string"},
                  "state": {"type": "string", "enum": ["active", "paused"]},
                  "next": {"$ref": "#/components/schemas/Job"}}}
              }}
            }
            """;

    @Test
    void theSameDocumentHasNoBreakingChange() {
        assertThat(breaking(document -> { })).isEmpty();
    }

    @Test
    void additionsThatOldClientsDoNotSeeAreNotBreaking() {
        assertThat(breaking(document -> {
            ((ObjectNode) request(document).get("properties")).putObject("tags").put("type", "array");
            ((ObjectNode) job(document).get("properties")).putObject("createdAt").put("type", "string");
            ((ArrayNode) job(document).at("/properties/state/enum")).add("completed");
            ((ArrayNode) request(document).at("/properties/policy/enum")).add("backfill");
            ((ObjectNode) document.get("paths")).putObject("/api/v1/keys").putObject("get").putObject("responses");
            ((ArrayNode) document.at("/paths/~1api~1v1~1jobs/get/parameters")).addObject()
                    .put("name", "cursor").put("in", "query").put("required", false);
        })).isEmpty();
    }

    @Test
    void aRequestFieldRemovedIsBreaking() {
        assertThat(breaking(document -> ((ObjectNode) request(document).get("properties")).remove("timeout")))
                .containsExactly("POST /api/v1/jobs request .timeout: request field removed");
    }

    @Test
    void aRequestFieldNewlyRequiredOrOfAnotherTypeIsBreaking() {
        assertThat(breaking(document -> ((ArrayNode) request(document).get("required")).add("timeout")))
                .containsExactly("POST /api/v1/jobs request .timeout: now required");
        assertThat(breaking(document -> ((ObjectNode) request(document).at("/properties/name")).put("type", "integer")))
                .containsExactly("POST /api/v1/jobs request .name: type [string] became [integer]");
        assertThat(breaking(document -> {
            ((ObjectNode) request(document).get("properties")).putObject("owner").put("type", "string");
            ((ArrayNode) request(document).get("required")).add("owner");
        })).containsExactly("POST /api/v1/jobs request .owner: new required request field");
    }

    @Test
    void anEnumValueNoLongerAcceptedIsBreaking() {
        assertThat(breaking(document -> ((ArrayNode) request(document).at("/properties/policy/enum")).remove(1)))
                .containsExactly("POST /api/v1/jobs request .policy: value fire_once no longer accepted");
    }

    @Test
    void aResponseFieldRemovedOrNoLongerAlwaysPresentIsBreaking() {
        // The schema is read by two operations (the created job, and the items of a page).
        assertThat(breaking(document -> ((ObjectNode) job(document).get("properties")).remove("state")))
                .containsExactlyInAnyOrder("POST /api/v1/jobs 201 .state: response field removed",
                        "GET /api/v1/jobs 200 .items[] .state: response field removed");
        assertThat(breaking(document -> ((ArrayNode) job(document).get("required")).remove(1)))
                .containsExactlyInAnyOrder("POST /api/v1/jobs 201 .name: no longer always present",
                        "GET /api/v1/jobs 200 .items[] .name: no longer always present");
    }

    @Test
    void anOperationParameterOrStatusGoneIsBreaking() {
        assertThat(breaking(document -> ((ObjectNode) document.at("/paths/~1api~1v1~1jobs")).remove("get")))
                .containsExactly("GET /api/v1/jobs: operation removed");
        assertThat(breaking(document -> ((ArrayNode) document.at("/paths/~1api~1v1~1jobs/get/parameters")).remove(0)))
                .containsExactly("GET /api/v1/jobs: parameter query limit removed");
        assertThat(breaking(document -> ((ArrayNode) document.at("/paths/~1api~1v1~1jobs/get/parameters"))
                .addObject().put("name", "tenant").put("in", "query").put("required", true)))
                .containsExactly("GET /api/v1/jobs: new required parameter query tenant");
        assertThat(breaking(document -> {
            ObjectNode responses = (ObjectNode) document.at("/paths/~1api~1v1~1jobs/post/responses");
            responses.set("200", responses.remove("201"));
        })).containsExactly("POST /api/v1/jobs: no longer answers 201");
    }

    private static List<String> breaking(Consumer<ObjectNode> change) {
        JsonNode before = JSON.readTree(DOCUMENT);
        ObjectNode after = (ObjectNode) JSON.readTree(DOCUMENT);
        change.accept(after);
        return ApiCompatibility.breakingChanges(before, after);
    }

    private static ObjectNode request(ObjectNode document) {
        return (ObjectNode) document.at("/components/schemas/JobRequest");
    }

    private static ObjectNode job(ObjectNode document) {
        return (ObjectNode) document.at("/components/schemas/Job");
    }
}
