package io.chronohook.platform;

import java.util.stream.Collectors;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Request bodies are read strictly: a field the call does not know ({@code "timout"}) is an error naming it, never
 * silently dropped. Only what clients send is strict; what the service reads back from its own storage is not.
 */
@Configuration(proxyBeanMethods = false)
public class StrictRequestJson implements WebFluxConfigurer {

    private final JsonMapper strict;

    public StrictRequestJson(JsonMapper json) {
        this.strict = json.rebuild().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    }

    /** The mapper of request bodies, for calls that read a body as a tree first (merge patches). */
    public JsonMapper mapper() {
        return strict;
    }

    @Override
    public void configureHttpMessageCodecs(ServerCodecConfigurer codecs) {
        codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(strict));
    }

    /** The JSON path of the field a Jackson error is about ({@code retry.maxAttempts}, {@code items[2].id}), or "". */
    public static String fieldPath(JacksonException error) {
        return error.getPath().stream()
                .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }
}
