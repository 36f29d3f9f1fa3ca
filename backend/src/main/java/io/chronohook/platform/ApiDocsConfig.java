package io.chronohook.platform;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.tags.Tag;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI 3.1 document of the public API ({@code /v3/api-docs}, made from the controllers) and what the
 * controllers cannot say themselves: the credentials (an API key or a member's token; a run token for a long-running
 * run's reports; the operator's token) and the RFC 9457 problem every operation may answer with.
 */
@Configuration(proxyBeanMethods = false)
public class ApiDocsConfig {

    static final String API_KEY = "apiKey";
    static final String RUN_TOKEN = "runToken";
    static final String OPERATOR = "operatorToken";
    static final String PROBLEM = "Problem";
    /**
     * The version of the API's document (docs/openapi.json): the major part changes with every change that breaks a
     * client written against the previous one, and each version is listed in docs/api.md.
     */
    public static final String API_VERSION = "2.0.0";
    /** Any JSON value (a run's checkpoint, a long-running job's result, a merge patch): {@code {}} in JSON Schema. */
    public static final String ANY_JSON = "AnyJson";

    static {
        // Described as the JSON it stands for, not as the Java class that holds it.
        SpringDocUtils.getConfig().replaceWithSchema(JsonNode.class,
                new Schema<>().$ref("#/components/schemas/" + ANY_JSON));
    }
    private static final String PROBLEM_JSON = "application/problem+json";

    /** The errors every operation may answer with, beside its own answers. */
    private static final Map<String, String> ERRORS = errors();

    @Bean
    OpenAPI chronohookApi() {
        return new OpenAPI()
                .info(new Info().title("Chronohook API").version(API_VERSION)
                        .description("Schedules that call your HTTPS webhooks: jobs, runs, dead letters, limits, "
                                + "usage and the account. Errors are RFC 9457 problem details "
                                + "(application/problem+json) with a stable `code`."))
                .components(new Components()
                        .addSecuritySchemes(API_KEY, bearer("An API key (`chk_…`) or a member's access token "
                                + "from POST /api/v1/auth/token, as `Authorization: Bearer …`."))
                        .addSecuritySchemes(RUN_TOKEN, new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                                .in(SecurityScheme.In.HEADER).name("Chronohook-Run-Token")
                                .description("The run token (`crt_…`) a long-running job's callback carries in its "
                                        + "`Chronohook-Run-Token` header, sent back in the same header; good for "
                                        + "that attempt's reports only."))
                        .addSecuritySchemes(OPERATOR, bearer("The installation's operator token.")))
                // Relative: the document is the same whichever address the installation is reached at.
                .servers(List.of(new Server().url("/").description("the installation serving this document")))
                .addSecurityItem(new SecurityRequirement().addList(API_KEY))
                .tags(ApiTags.DESCRIPTIONS.entrySet().stream()
                        .map(tag -> new Tag().name(tag.getKey()).description(tag.getValue())).toList());
    }

    /** Each operation: who may call it, and the problems it may answer with. */
    @Bean
    OpenApiCustomizer problemsAndCredentials() {
        return openApi -> {
            // Added here, after springdoc has gathered the controllers' schemas (it drops those nothing refers to).
            openApi.getComponents().addSchemas(PROBLEM, problem());
            openApi.getComponents().addSchemas(ANY_JSON, new Schema<>().description("Any JSON value."));
            openApi.getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
                credentials(path, operation);
                ApiResponses responses = operation.getResponses() == null ? new ApiResponses()
                        : operation.getResponses();
                ERRORS.forEach((status, description) -> responses.putIfAbsent(status, problemResponse(description)));
                // An operation's own errors (409, 412, 410, ...) are problems too, whatever the method returns.
                responses.forEach((status, response) -> {
                    if (status.startsWith("4") || status.startsWith("5")) {
                        response.setContent(problemResponse(response.getDescription()).getContent());
                    }
                });
                operation.setResponses(responses);
            }));
        };
    }

    private static void credentials(String path, Operation operation) {
        if (path.equals("/api/v1/signup") || path.equals("/api/v1/auth/token")
                || path.matches("/api/v1/invitations/\\{[^}]+}/accept")) {
            operation.setSecurity(List.of());
        } else if (path.startsWith("/api/v1/operator/")) {
            operation.setSecurity(List.of(new SecurityRequirement().addList(OPERATOR)));
        } else if (path.matches("/api/v1/runs/\\{[^}]+}/(heartbeat|complete|fail)")) {
            operation.setSecurity(List.of(new SecurityRequirement().addList(RUN_TOKEN),
                    new SecurityRequirement().addList(API_KEY)));
        }
    }

    private static SecurityScheme bearer(String description) {
        return new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").description(description);
    }

    private static ApiResponse problemResponse(String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType(PROBLEM_JSON,
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema<?> problem() {
        Map<String, Schema> fieldError = new LinkedHashMap<>();
        fieldError.put("field", text("The JSON path of the field.", "schedule.cron"));
        fieldError.put("message", text("What is wrong with it.", "is required for a cron schedule"));
        fieldError.put("code", text("A specific code, where one applies.", "invalid_cron"));
        Map<String, Schema> properties = new LinkedHashMap<>();
        properties.put("type", text("A URI naming the kind of problem: `urn:problem:chronohook:<code>`.",
                "urn:problem:chronohook:invalid_cron"));
        properties.put("title", text("The HTTP status's reason phrase.", "Bad Request"));
        properties.put("status", new Schema<Integer>().types(Set.of("integer")).description("The HTTP status.")
                .example(400));
        properties.put("detail", text("What went wrong this time.", "schedule.cron is required for a cron schedule"));
        properties.put("code", text("The stable code clients branch on: `invalid_request` for invalid fields "
                + "unless one has a code of its own (`invalid_cron`, `target_not_allowed`, ...).", "invalid_cron"));
        properties.put("instance", text("The request path.", "/api/v1/jobs"));
        properties.put("errors", new Schema<>().types(Set.of("array")).description("The invalid fields, if any.")
                .items(new Schema<>().types(Set.of("object")).properties(fieldError).required(List.of("field",
                        "message"))));
        return new Schema<>().types(Set.of("object")).description("An RFC 9457 problem document.")
                .properties(properties).required(List.of("type", "title", "status", "code"));
    }

    private static Schema<String> text(String description, String example) {
        return new Schema<String>().types(Set.of("string")).description(description).example(example);
    }

    private static Map<String, String> errors() {
        Map<String, String> errors = new LinkedHashMap<>();
        errors.put("400", "The request is malformed or a field is invalid; `errors` names the fields.");
        errors.put("401", "No credential, or one that is not valid.");
        errors.put("403", "The credential lacks the scope or role this needs.");
        errors.put("404", "No such resource in this tenant.");
        errors.put("429", "Too many requests; `Retry-After` says when to try again.");
        errors.put("503", "The database is unavailable; `Retry-After: 5`.");
        return errors;
    }
}
