package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * docs/openapi.json is the API's published contract: the document the API serves must be it. A change that would
 * break a client written against it needs a new major version (ApiDocsConfig.API_VERSION) listed in docs/api.md's
 * "API versions"; {@code ./chronohook openapi} writes the file again (this test with CHRONOHOOK_WRITE_OPENAPI set),
 * and refuses a breaking change without both.
 */
class ApiContractTest extends ApiTest {

    static final Path CONTRACT = Path.of("..", "docs", "openapi.json");
    private static final Path API_PAGE = Path.of("..", "docs", "api.md");
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Test
    void theServedDocumentIsThePublishedContractOrANewVersionOfIt() throws IOException {
        JsonNode served = JSON.readTree(http.get().uri("/v3/api-docs").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
        boolean write = System.getenv("CHRONOHOOK_WRITE_OPENAPI") != null;
        if (write && !Files.exists(CONTRACT)) {
            Files.writeString(CONTRACT, JSON.writeValueAsString(sorted(served)) + "\n");
        }
        JsonNode published = JSON.readTree(Files.readString(CONTRACT));

        List<String> breaking = ApiCompatibility.breakingChanges(published, served);
        String before = published.at("/info/version").asString("");
        String now = served.at("/info/version").asString("");
        if (!breaking.isEmpty()) {
            assertThat(major(now)).withFailMessage("""
                    the API changed in ways that break clients of docs/openapi.json (version %s):
                      %s
                    keep them compatible, or raise the major version (ApiDocsConfig.API_VERSION, now %s) and list the \
                    new version in docs/api.md's "API versions\"""", before, String.join("\n  ", breaking), now)
                    .isGreaterThan(major(before));
            assertThat(versions()).withFailMessage("version %s is not listed in docs/api.md's \"API versions\"", now)
                    .contains(now);
        }
        if (write) {
            Files.writeString(CONTRACT, JSON.writeValueAsString(sorted(served)) + "\n");
            published = JSON.readTree(Files.readString(CONTRACT));
        }
        List<String> differences = new ArrayList<>();
        differences("", sorted(published), sorted(served), differences);
        assertThat(differences).withFailMessage("docs/openapi.json is not the document the API serves (no change in "
                + "it breaks a client): write it again with ./chronohook openapi. Where they differ:%n  %s",
                String.join("\n  ", differences.subList(0, Math.min(20, differences.size())))).isEmpty();
    }

    /** The JSON pointers at which two documents differ. */
    private static void differences(String at, JsonNode before, JsonNode now, List<String> out) {
        if (before.isObject() && now.isObject()) {
            Set<String> names = new TreeSet<>(before.propertyNames());
            names.addAll(now.propertyNames());
            for (String name : names) {
                String child = at + "/" + name.replace("~", "~0").replace("/", "~1");
                if (!before.has(name) || !now.has(name)) {
                    out.add(child + (before.has(name) ? " removed" : " added"));
                } else {
                    differences(child, before.get(name), now.get(name), out);
                }
            }
        } else if (!before.equals(now)) {
            out.add(at + ": " + before + " became " + now);
        }
    }

    /** The versions docs/api.md lists under "API versions", as {@code - `1.0.0` ...}. */
    private static List<String> versions() throws IOException {
        String page = Files.readString(API_PAGE);
        int section = page.indexOf("## API versions");
        if (section < 0) {
            return List.of();
        }
        Matcher matcher = Pattern.compile("(?m)^- `([0-9]+\\.[0-9]+\\.[0-9]+)`").matcher(page.substring(section));
        return matcher.results().map(result -> result.group(1)).toList();
    }

    private static int major(String version) {
        try {
            return Integer.parseInt(version.split("\\.")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The same document with every object's keys in order, so that the file's lines change only with the API. */
    static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.propertyNames().stream().sorted().forEach(name -> copy.set(name, sorted(node.get(name))));
            return copy;
        }
        if (node.isArray()) {
            var copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> copy.add(sorted(element)));
            return copy;
        }
        return node;
    }
}
