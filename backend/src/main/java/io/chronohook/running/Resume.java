package io.chronohook.running;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the next attempt of a long-running run carries the checkpoint its last attempt reported, so the receiver resumes
 * instead of starting over: a {@code chronohook-checkpoint} header (the checkpoint's JSON, base64url) when it fits
 * {@link #MAX_HEADER_CHARS}, and a {@code chronohookCheckpoint} field added to a JSON object body. The body is changed
 * before it is signed: the signature covers what is sent.
 */
public final class Resume {

    public static final String HEADER = "chronohook-checkpoint";
    public static final String BODY_FIELD = "chronohookCheckpoint";
    /** The largest header value sent; a larger checkpoint travels in a JSON body only. */
    public static final int MAX_HEADER_CHARS = 6144;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Resume() {
    }

    /** The header value for {@code checkpoint}, or null when there is none or it is too large for a header. */
    public static String header(String checkpoint) {
        if (checkpoint == null) {
            return null;
        }
        String encoded = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(checkpoint.getBytes(StandardCharsets.UTF_8));
        return encoded.length() <= MAX_HEADER_CHARS ? encoded : null;
    }

    /** {@code body} with the checkpoint added when the body is a JSON object; otherwise {@code body} as it is. */
    public static byte[] body(byte[] body, String contentType, String checkpoint) {
        if (checkpoint == null || body.length == 0 || !json(contentType)) {
            return body;
        }
        try {
            JsonNode parsed = JSON.readTree(body);
            if (!(parsed instanceof ObjectNode object)) {
                return body;
            }
            object.set(BODY_FIELD, JSON.readTree(checkpoint));
            return JSON.writeValueAsBytes(object);
        } catch (JacksonException e) {
            return body;
        }
    }

    private static boolean json(String contentType) {
        String type = contentType == null ? "application/json" : contentType.toLowerCase(Locale.ROOT);
        return type.startsWith("application/json") || type.contains("+json");
    }
}
