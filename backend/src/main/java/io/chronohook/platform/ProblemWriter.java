package io.chronohook.platform;

import java.util.List;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Writes problem documents as {@code application/problem+json}; used by the exception handler and the security chain. */
@Component
public class ProblemWriter {

    private final JsonMapper json;

    public ProblemWriter(JsonMapper json) {
        this.json = json;
    }

    public Mono<Void> write(ServerWebExchange exchange, HttpStatusCode status, String code, String detail,
                            List<FieldError> errors) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.empty();
        }
        HttpStatus known = HttpStatus.resolve(status.value());
        String title = known == null ? "Error" : known.getReasonPhrase();
        Problem problem = Problem.of(status.value(), title, code, detail,
                exchange.getRequest().getPath().value(), errors);
        byte[] body = json.writeValueAsBytes(problem);
        response.setStatusCode(status);
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        response.getHeaders().setContentLength(body.length);
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }
}
