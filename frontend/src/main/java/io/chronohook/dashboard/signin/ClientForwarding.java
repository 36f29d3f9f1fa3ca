package io.chronohook.dashboard.signin;

import java.net.InetSocketAddress;
import java.util.Map;
import org.springframework.web.server.ServerWebExchange;

/**
 * The browser's address, passed on to the backend as {@code X-Forwarded-For} on the calls it limits per address
 * (sign-in, sign-up): the chain the dashboard received, if any, with the address the request came from appended. The
 * backend believes it because the dashboard is one of its trusted proxies.
 */
final class ClientForwarding {

    static final String HEADER = "X-Forwarded-For";

    private ClientForwarding() {
    }

    static Map<String, String> headers(ServerWebExchange exchange) {
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        if (remote == null || remote.getAddress() == null) {
            return Map.of();
        }
        String peer = remote.getAddress().getHostAddress();
        String received = String.join(", ", exchange.getRequest().getHeaders().getValuesAsList(HEADER));
        return Map.of(HEADER, received.isBlank() ? peer : received + ", " + peer);
    }
}
