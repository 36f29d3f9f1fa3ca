package io.chronohook.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** An RFC 9457 problem document as the API sends it, with the stable {@code code} clients branch on. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(String type, String title, int status, String detail, String code, String instance,
                      List<FieldError> errors) {

    static final String TYPE_BASE = "urn:problem:chronohook:";

    public static Problem of(int status, String title, String code, String detail, String instance,
                             List<FieldError> errors) {
        return new Problem(TYPE_BASE + code, title, status, detail, code, instance, errors);
    }
}
