package io.chronohook.platform;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.stereotype.Component;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Turns every error that reaches the edge into an RFC 9457 problem with a stable code; nothing leaks as a bare 500. */
@Component
@Order(-2)
public class ProblemExceptionHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemExceptionHandler.class);

    /** What a client is told to wait while the database is away. */
    static final long DATABASE_RETRY_AFTER_SECONDS = 5;

    private final ProblemWriter writer;
    private final OutageLog databaseOutage = new OutageLog(log, "API requests fail: the database does not answer");

    public ProblemExceptionHandler(ProblemWriter writer) {
        this.writer = writer;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable error) {
        return switch (error) {
            case ApiException api -> {
                if (api.retryAfterSeconds() != null) {
                    exchange.getResponse().getHeaders().set("Retry-After", Long.toString(api.retryAfterSeconds()));
                }
                yield writer.write(exchange, api.status(), api.code(), api.getMessage(), api.errors());
            }
            case ServerWebInputException input when isTooLarge(input) -> writer.write(exchange,
                    HttpStatus.CONTENT_TOO_LARGE, "payload_too_large", "the request body is too large", List.of());
            case ServerWebInputException input -> inputProblem(exchange, input);
            case MethodNotAllowedException notAllowed -> methodNotAllowed(exchange, notAllowed);
            case UnsupportedMediaTypeStatusException media -> writer.write(exchange, HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                    "unsupported_media_type", "send the request body as application/json", List.of());
            case NotAcceptableStatusException notAcceptable -> writer.write(exchange, HttpStatus.NOT_ACCEPTABLE,
                    "not_acceptable", "this resource is available as application/json", List.of());
            case ResponseStatusException status -> statusProblem(exchange, status.getStatusCode(), status.getReason());
            case AuthenticationException auth -> writer.write(exchange, HttpStatus.UNAUTHORIZED,
                    "unauthorized", "a valid API key or access token is required", List.of());
            case AccessDeniedException denied -> writer.write(exchange, HttpStatus.FORBIDDEN,
                    "forbidden", "the credential lacks the scope this call needs", List.of());
            case Throwable gone when ClientGone.is(gone) -> {
                // The client hung up: nobody is left to answer, and nothing went wrong here.
                log.debug("client of {} {} went away: {}", exchange.getRequest().getMethod(),
                        exchange.getRequest().getPath().value(), gone.toString());
                yield Mono.empty();
            }
            case Throwable outage when DatabaseOutage.is(outage) -> {
                databaseOutage.failed(outage);
                exchange.getResponse().getHeaders().set("Retry-After", Long.toString(DATABASE_RETRY_AFTER_SECONDS));
                yield writer.write(exchange, HttpStatus.SERVICE_UNAVAILABLE, "database_unavailable",
                        "the database does not answer; retry in " + DATABASE_RETRY_AFTER_SECONDS + " s", List.of());
            }
            default -> {
                log.error("unhandled error on {} {}", exchange.getRequest().getMethod(),
                        exchange.getRequest().getPath().value(), error);
                yield writer.write(exchange, HttpStatus.INTERNAL_SERVER_ERROR, "internal_error",
                        "an unexpected error occurred; it has been logged", List.of());
            }
        };
    }

    private Mono<Void> inputProblem(ServerWebExchange exchange, ServerWebInputException input) {
        String reason = input.getReason() == null ? "the request is malformed" : input.getReason();
        if (reason.contains("No request body") || endOfInputAtStart(input)) {
            return writer.write(exchange, HttpStatus.BAD_REQUEST, "missing_body",
                    "this call needs a JSON request body", List.of());
        }
        JacksonException jackson = null;
        boolean decoding = false;
        for (Throwable cause = input.getCause(); cause != null && jackson == null; cause = cause.getCause()) {
            decoding |= cause instanceof DecodingException;
            if (cause instanceof JacksonException found) {
                jackson = found;
            }
        }
        if (jackson instanceof UnrecognizedPropertyException unknown) {
            FieldError error = unknownField(unknown);
            return writer.write(exchange, HttpStatus.BAD_REQUEST, "unknown_field",
                    error.field() + " " + error.message(), List.of(error));
        }
        if (jackson instanceof DatabindException databind && !databind.getPath().isEmpty()) {
            String field = StrictRequestJson.fieldPath(databind);
            return writer.write(exchange, HttpStatus.BAD_REQUEST, "invalid_request",
                    field + " has the wrong type", List.of(new FieldError(field, "has the wrong type")));
        }
        if (jackson != null || decoding) {
            return writer.write(exchange, HttpStatus.BAD_REQUEST, "malformed_json",
                    "the request body is not valid JSON", List.of());
        }
        MethodParameter parameter = input.getMethodParameter();
        if (parameter != null && parameter.getParameterName() != null) {
            String field = parameter.getParameterName();
            return writer.write(exchange, HttpStatus.BAD_REQUEST, "invalid_request", field + " has the wrong type",
                    List.of(new FieldError(field, "has the wrong type")));
        }
        return writer.write(exchange, HttpStatus.BAD_REQUEST, "invalid_request", reason, List.of());
    }

    /** "timout is not a field of this request; known fields: name, schedule, target, …" */
    public static FieldError unknownField(UnrecognizedPropertyException unknown) {
        String known = unknown.getKnownPropertyIds() == null ? "" : unknown.getKnownPropertyIds().stream()
                .map(String::valueOf).sorted().collect(Collectors.joining(", "));
        return new FieldError(StrictRequestJson.fieldPath(unknown),
                "is not a field of this request" + (known.isEmpty() ? "" : "; known fields: " + known), "unknown_field");
    }

    private static boolean isTooLarge(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataBufferLimitException) {
                return true;
            }
        }
        return false;
    }

    /** Jackson reports an empty body as end-of-input at offset 0. */
    private static boolean endOfInputAtStart(ServerWebInputException input) {
        for (Throwable cause = input.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof JacksonException jackson && jackson.getMessage() != null
                    && jackson.getMessage().contains("end-of-input") && jackson.getLocation() != null
                    && jackson.getLocation().getCharOffset() <= 0 && jackson.getLocation().getByteOffset() <= 0) {
                return true;
            }
        }
        return false;
    }

    private Mono<Void> methodNotAllowed(ServerWebExchange exchange, MethodNotAllowedException notAllowed) {
        Set<HttpMethod> allowed = notAllowed.getSupportedMethods();
        exchange.getResponse().getHeaders().setAllow(allowed);
        String names = allowed.stream().map(HttpMethod::name).sorted().collect(Collectors.joining(", "));
        return writer.write(exchange, HttpStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                notAllowed.getHttpMethod() + " is not supported here; use " + names, List.of());
    }

    private Mono<Void> statusProblem(ServerWebExchange exchange, HttpStatusCode status, String reason) {
        if (status.value() == HttpStatus.NOT_FOUND.value()) {
            return writer.write(exchange, status, "not_found", "no resource at this path", List.of());
        }
        if (status.value() == HttpStatus.CONTENT_TOO_LARGE.value()) {
            return writer.write(exchange, status, "payload_too_large", "the request body is too large", List.of());
        }
        String code = HttpStatus.resolve(status.value()) == null
                ? "error"
                : HttpStatus.resolve(status.value()).name().toLowerCase();
        return writer.write(exchange, status, code, reason == null ? code.replace('_', ' ') : reason, List.of());
    }
}
