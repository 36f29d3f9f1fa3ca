package io.chronohook.cli.jobs;

import io.chronohook.cli.CliFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The options shared by {@code jobs create} and {@code jobs update}: a JSON file and the common fields of a job. */
final class JobOptions {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Option(names = {"-f", "--file"}, paramLabel = "FILE",
            description = "JSON as in docs/api.md (a job; for update a merge patch), '-' for stdin. Options given "
                    + "as well are laid over it.")
    private String file;

    @Option(names = "--name", paramLabel = "NAME", description = "The job's name (1-200 characters).")
    private String name;

    @Option(names = "--cron", paramLabel = "EXPR",
            description = "A cron schedule: five fields, or six with seconds first ('*/10 * * * * *').")
    private String cron;

    @Option(names = {"--timezone", "--time-zone"}, paramLabel = "ZONE",
            description = "The cron schedule's IANA time zone (default UTC), e.g. Europe/Berlin.")
    private String timeZone;

    @Option(names = "--every", paramLabel = "DURATION",
            description = "An interval schedule: every PT1S or more (30s, 5m, 2h, 1d or ISO-8601).")
    private String every;

    @Option(names = "--at", paramLabel = "INSTANT",
            description = "A one-shot schedule at an ISO-8601 instant, e.g. 2027-01-01T09:00:00Z.")
    private String at;

    @Option(names = "--delay", paramLabel = "DURATION",
            description = "A one-shot schedule this long from now (30s, 5m, 2h, 1d or ISO-8601).")
    private String delay;

    @Option(names = "--url", paramLabel = "URL", description = "The target URL the job calls (https://…).")
    private String url;

    @Option(names = "--method", paramLabel = "METHOD", description = "POST (default), PUT, PATCH, GET or DELETE.")
    private String method;

    @Option(names = {"-H", "--header"}, paramLabel = "NAME=VALUE", description = "A header sent to the target "
            + "(repeatable).")
    private Map<String, String> headers;

    @Option(names = "--body", paramLabel = "TEXT", description = "The request body sent to the target.")
    private String body;

    @Option(names = "--content-type", paramLabel = "TYPE", description = "The body's media type (default "
            + "application/json).")
    private String contentType;

    @Option(names = "--label", paramLabel = "KEY=VALUE", description = "A label of the job (repeatable).")
    private Map<String, String> labels;

    @Option(names = "--max-attempts", paramLabel = "N", description = "Attempts per run before it is dead (1-100).")
    private Integer maxAttempts;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "Deadline of one attempt (PT1S-PT15M; "
            + "30s, 5m…).")
    private String timeout;

    JobFields fields() {
        return new JobFields(name, cron, timeZone, every, at, delay, url, method, headers, body, contentType, labels,
                maxAttempts, timeout);
    }

    boolean hasFile() {
        return file != null;
    }

    /** The {@code --file} object, or an empty one without the option. */
    ObjectNode base(InputStream stdin) {
        if (file == null) {
            return JSON.createObjectNode();
        }
        String text = read(stdin);
        JsonNode json;
        try {
            json = JSON.readTree(text);
        } catch (JacksonException e) {
            throw CliFailure.usage(source() + " is not valid JSON: " + e.getOriginalMessage());
        }
        if (!(json instanceof ObjectNode object)) {
            throw CliFailure.usage(source() + " must hold a JSON object (a job as in docs/api.md)");
        }
        return object;
    }

    private String read(InputStream stdin) {
        try {
            return file.equals("-") ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(file));
        } catch (NoSuchFileException e) {
            throw CliFailure.usage("no such file: " + file);
        } catch (IOException e) {
            throw CliFailure.usage("cannot read " + source() + ": " + e.getMessage());
        }
    }

    private String source() {
        return file.equals("-") ? "stdin" : file;
    }
}
