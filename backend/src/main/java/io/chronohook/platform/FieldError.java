package io.chronohook.platform;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One invalid field of a request: its JSON path, what is wrong with it and, where one applies, a specific code. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FieldError(String field, String message, String code) {

    public FieldError(String field, String message) {
        this(field, message, null);
    }
}
