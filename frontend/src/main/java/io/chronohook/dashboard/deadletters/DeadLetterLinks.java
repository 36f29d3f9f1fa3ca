package io.chronohook.dashboard.deadletters;

import java.util.HashMap;
import java.util.Map;

import org.springframework.web.util.UriBuilder;
import org.springframework.web.util.UriComponentsBuilder;

/** Paths of the dead-letter pages, with the job filter and cursor encoded. */
public final class DeadLetterLinks {

    private DeadLetterLinks() {
    }

    /** {@code /dead-letters}, keeping the job filter and the page cursor when present. */
    public static String list(String jobId, String cursor) {
        UriComponentsBuilder link = UriComponentsBuilder.fromPath("/dead-letters");
        return link.encode().buildAndExpand(filter(link, jobId, cursor)).toUriString();
    }

    /**
     * Adds the {@code jobId} and {@code cursor} query parameters that are present to {@code uri} as variables, and
     * answers their values, so that expanding them encodes each value whole.
     */
    static Map<String, Object> filter(UriBuilder uri, String jobId, String cursor) {
        Map<String, Object> values = new HashMap<>();
        if (jobId != null) {
            uri.queryParam("jobId", "{jobId}");
            values.put("jobId", jobId);
        }
        if (cursor != null) {
            uri.queryParam("cursor", "{cursor}");
            values.put("cursor", cursor);
        }
        return values;
    }

    /** The progress page of a bulk replay. */
    public static String replay(String replayId) {
        return UriComponentsBuilder.fromPath("/dead-letters/replays/{id}").encode().buildAndExpand(replayId)
                .toUriString();
    }

    /** A blank form value is no value. */
    static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
