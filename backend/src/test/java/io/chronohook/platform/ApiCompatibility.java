package io.chronohook.platform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What in a new OpenAPI document would break a client written against an old one. A client sends what the old
 * document allowed and reads what it promised, so for requests the new document may only accept more, and for
 * responses only promise more:
 * <ul>
 *   <li>an operation gone, or a success status it answered with gone;</li>
 *   <li>a parameter gone, or a new required one;</li>
 *   <li>a request field gone (the API refuses fields it does not know), newly required, of another type, or an enum
 *   value it accepted no longer accepted; a request body newly required;</li>
 *   <li>a response field gone, no longer always present, or of another type.</li>
 * </ul>
 * A new optional request field, a new response field, a new operation or a new enum value in a response are not
 * breaking (clients are told to ignore fields and values they do not know).
 */
final class ApiCompatibility {

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch", "head", "options");

    private final JsonNode before;
    private final JsonNode after;
    private final List<String> breaking = new ArrayList<>();

    private ApiCompatibility(JsonNode before, JsonNode after) {
        this.before = before;
        this.after = after;
    }

    /** The breaking changes from {@code before} to {@code after}, each as one line saying where and what. */
    static List<String> breakingChanges(JsonNode before, JsonNode after) {
        ApiCompatibility check = new ApiCompatibility(before, after);
        check.operations();
        return List.copyOf(check.breaking);
    }

    private void operations() {
        for (String path : names(before.path("paths"))) {
            JsonNode oldItem = before.path("paths").path(path);
            JsonNode newItem = after.path("paths").path(path);
            for (String method : METHODS) {
                JsonNode oldOperation = oldItem.path(method);
                if (oldOperation.isMissingNode()) {
                    continue;
                }
                String where = method.toUpperCase() + " " + path;
                JsonNode newOperation = newItem.path(method);
                if (newOperation.isMissingNode()) {
                    breaking.add(where + ": operation removed");
                    continue;
                }
                parameters(where, oldOperation, newOperation);
                requestBody(where, oldOperation.path("requestBody"), newOperation.path("requestBody"));
                responses(where, oldOperation.path("responses"), newOperation.path("responses"));
            }
        }
    }

    private void parameters(String where, JsonNode oldOperation, JsonNode newOperation) {
        Set<String> old = new HashSet<>();
        for (JsonNode parameter : oldOperation.path("parameters")) {
            old.add(key(resolve(before, parameter)));
        }
        Set<String> now = new HashSet<>();
        for (JsonNode node : newOperation.path("parameters")) {
            JsonNode parameter = resolve(after, node);
            now.add(key(parameter));
            if (parameter.path("required").asBoolean(false) && !old.contains(key(parameter))) {
                breaking.add(where + ": new required parameter " + key(parameter));
            }
        }
        for (String parameter : old) {
            if (!now.contains(parameter)) {
                breaking.add(where + ": parameter " + parameter + " removed");
            }
        }
    }

    private static String key(JsonNode parameter) {
        return parameter.path("in").asString("") + " " + parameter.path("name").asString("");
    }

    private void requestBody(String where, JsonNode oldBody, JsonNode newBody) {
        if (newBody.isMissingNode()) {
            if (!oldBody.isMissingNode()) {
                breaking.add(where + ": request body no longer accepted");
            }
            return;
        }
        JsonNode newResolved = resolve(after, newBody);
        if (oldBody.isMissingNode()) {
            if (newResolved.path("required").asBoolean(false)) {
                breaking.add(where + ": request body now required");
            }
            return;
        }
        JsonNode oldResolved = resolve(before, oldBody);
        if (newResolved.path("required").asBoolean(false) && !oldResolved.path("required").asBoolean(false)) {
            breaking.add(where + ": request body now required");
        }
        for (String type : names(oldResolved.path("content"))) {
            JsonNode newContent = newResolved.path("content").path(type);
            if (newContent.isMissingNode()) {
                breaking.add(where + ": request body as " + type + " no longer accepted");
                continue;
            }
            schema(where + " request", oldResolved.path("content").path(type).path("schema"),
                    newContent.path("schema"), true, new HashSet<>());
        }
    }

    private void responses(String where, JsonNode oldResponses, JsonNode newResponses) {
        for (String status : names(oldResponses)) {
            if (!status.startsWith("2")) {
                continue;
            }
            JsonNode newResponse = newResponses.path(status);
            if (newResponse.isMissingNode()) {
                breaking.add(where + ": no longer answers " + status);
                continue;
            }
            JsonNode oldContent = resolve(before, oldResponses.path(status)).path("content");
            JsonNode newContent = resolve(after, newResponse).path("content");
            for (String type : names(oldContent)) {
                if (newContent.path(type).isMissingNode()) {
                    breaking.add(where + ": " + status + " no longer answered as " + type);
                    continue;
                }
                schema(where + " " + status, oldContent.path(type).path("schema"),
                        newContent.path(type).path("schema"), false, new HashSet<>());
            }
        }
    }

    /** Compares two schemas; {@code request}: what a client sends (else what it reads). */
    private void schema(String where, JsonNode oldNode, JsonNode newNode, boolean request, Set<String> seen) {
        if (oldNode.isMissingNode() || newNode.isMissingNode()) {
            return;
        }
        String pair = ref(oldNode) + "|" + ref(newNode) + "|" + request;
        if (!ref(oldNode).isEmpty() && !seen.add(pair)) {
            return;
        }
        JsonNode old = resolve(before, oldNode);
        JsonNode now = resolve(after, newNode);
        Set<String> oldTypes = types(old);
        Set<String> newTypes = types(now);
        if (!oldTypes.isEmpty() && !newTypes.isEmpty()
                && !(request ? newTypes.containsAll(oldTypes) : oldTypes.containsAll(newTypes))) {
            breaking.add(where + ": type " + oldTypes + " became " + newTypes);
            return;
        }
        if (request && old.has("enum") && now.has("enum")) {
            Set<String> accepted = values(now.path("enum"));
            for (String value : values(old.path("enum"))) {
                if (!accepted.contains(value)) {
                    breaking.add(where + ": value " + value + " no longer accepted");
                }
            }
        }
        Set<String> oldRequired = values(old.path("required"));
        Set<String> newRequired = values(now.path("required"));
        for (String field : names(old.path("properties"))) {
            String at = where + " ." + field;
            JsonNode newField = now.path("properties").path(field);
            if (newField.isMissingNode()) {
                breaking.add(at + ": " + (request ? "request" : "response") + " field removed");
                continue;
            }
            if (request && newRequired.contains(field) && !oldRequired.contains(field)) {
                breaking.add(at + ": now required");
            }
            if (!request && oldRequired.contains(field) && !newRequired.contains(field)) {
                breaking.add(at + ": no longer always present");
            }
            schema(at, old.path("properties").path(field), newField, request, seen);
        }
        if (request) {
            for (String field : newRequired) {
                if (!old.path("properties").has(field) && !oldRequired.contains(field)) {
                    breaking.add(where + " ." + field + ": new required request field");
                }
            }
        }
        schema(where + "[]", old.path("items"), now.path("items"), request, seen);
    }

    private static String ref(JsonNode node) {
        return node.path("$ref").asString("");
    }

    /** Follows a local {@code $ref} ({@code #/components/...}) within {@code document}. */
    private static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; hops < 16 && current.has("$ref"); hops++) {
            String ref = current.path("$ref").asString("");
            if (!ref.startsWith("#/")) {
                return current;
            }
            current = document.at(ref.substring(1));
        }
        return current;
    }

    /** The types a schema allows, without {@code null} (3.1 writes a nullable field's type as a list). */
    private static Set<String> types(JsonNode schema) {
        Set<String> types = new LinkedHashSet<>();
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            type.forEach(t -> types.add(t.asString()));
        } else if (type.isString()) {
            types.add(type.asString());
        }
        types.remove("null");
        return types;
    }

    private static Set<String> values(JsonNode array) {
        Set<String> values = new LinkedHashSet<>();
        array.forEach(value -> values.add(value.asString()));
        return values;
    }

    private static List<String> names(JsonNode object) {
        return object.isObject() ? new ArrayList<>(object.propertyNames()) : List.of();
    }
}
