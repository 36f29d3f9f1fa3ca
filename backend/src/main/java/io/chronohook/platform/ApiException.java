package io.chronohook.platform;

import java.util.List;
import org.springframework.http.HttpStatus;

/** An error the API answers with an RFC 9457 problem: an HTTP status, a stable code and a human detail. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;
    private final List<FieldError> errors;
    /** Seconds the client should wait before trying again ({@code Retry-After}), or null. */
    private final Long retryAfterSeconds;

    public ApiException(HttpStatus status, String code, String detail) {
        this(status, code, detail, List.of());
    }

    public ApiException(HttpStatus status, String code, String detail, List<FieldError> errors) {
        this(status, code, detail, errors, null);
    }

    private ApiException(HttpStatus status, String code, String detail, List<FieldError> errors, Long retryAfterSeconds) {
        super(detail, null, false, false);
        this.status = status;
        this.code = code;
        this.errors = List.copyOf(errors);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** 429 {@code code}; the edge sends {@code Retry-After: seconds} with it. */
    public static ApiException tooManyRequests(String code, String detail, long seconds) {
        return new ApiException(HttpStatus.TOO_MANY_REQUESTS, code, detail, List.of(), seconds);
    }

    /** One invalid field: 400 {@code invalid_request}. */
    public static ApiException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    /**
     * Several invalid fields, each listed. The problem's code is the first specific one among them
     * ({@code invalid_cron}, {@code target_not_allowed}…) or {@code invalid_request}; an oversized payload is a 413,
     * a schedule firing more often than the plan allows a 422.
     */
    public static ApiException invalid(List<FieldError> errors) {
        String detail = errors.size() == 1
                ? errors.getFirst().field() + " " + errors.getFirst().message()
                : errors.size() + " fields are invalid: " + errors.getFirst().field() + " " + errors.getFirst().message()
                        + (errors.size() > 2 ? ", and more" : ", and one more");
        String code = errors.stream().map(FieldError::code).filter(c -> c != null).findFirst().orElse("invalid_request");
        HttpStatus status = switch (code) {
            case "payload_too_large" -> HttpStatus.CONTENT_TOO_LARGE;
            case "schedule_too_frequent" -> HttpStatus.UNPROCESSABLE_CONTENT;
            default -> HttpStatus.BAD_REQUEST;
        };
        return new ApiException(status, code, detail, errors);
    }

    /** 404 {@code not_found}: also the answer for another tenant's resources, so existence never leaks. */
    public static ApiException notFound(String what) {
        return new ApiException(HttpStatus.NOT_FOUND, "not_found", what + " was not found");
    }

    public HttpStatus status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> errors() {
        return errors;
    }

    public Long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
