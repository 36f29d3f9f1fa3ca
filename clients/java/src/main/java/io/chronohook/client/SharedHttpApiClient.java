package io.chronohook.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.chronohook.client.invoker.ApiClient;
import java.net.http.HttpClient;

/**
 * The generated {@link ApiClient}, handing every API object the same {@link HttpClient}. The generated one builds a
 * new HttpClient for each API object, each with its own connection pool and selector thread; a program that makes
 * API objects as it goes would keep opening connections and threads.
 */
final class SharedHttpApiClient extends ApiClient {

    private final HttpClient http;

    SharedHttpApiClient(HttpClient.Builder builder, ObjectMapper mapper, String baseUri) {
        super(builder, mapper, baseUri);
        this.http = builder.build();
    }

    @Override
    public HttpClient getHttpClient() {
        return http;
    }
}
