package io.chronohook.access;

import io.chronohook.dispatch.guard.AddressRange;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;

/**
 * The address a request comes from: the connection's peer, or — when that peer is a trusted proxy (the dashboard, a
 * load balancer) — the right-most address of {@code X-Forwarded-For} that is not itself a trusted proxy. Entries a
 * client could have forged (left of the first untrusted one) are never used; names are never resolved.
 */
@Component
public class ClientAddress {

    private final List<AddressRange> trusted;

    public ClientAddress(SignInLimitProperties properties) {
        this.trusted = properties.trustedProxies().stream().map(cidr -> {
            try {
                return AddressRange.parse(cidr);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("chronohook.auth.limits.trusted-proxies: '" + cidr
                        + "' is not an address range such as 10.0.0.0/8", e);
            }
        }).toList();
    }

    public String of(ServerHttpRequest request) {
        InetSocketAddress remote = request.getRemoteAddress();
        String peer = remote == null || remote.getAddress() == null ? "unknown" : remote.getAddress().getHostAddress();
        if (!isTrusted(peer)) {
            return peer;
        }
        List<String> forwarded = request.getHeaders().getValuesAsList("X-Forwarded-For");
        for (int i = forwarded.size() - 1; i >= 0; i--) {
            String hop = forwarded.get(i).strip();
            if (!isLiteral(hop)) {
                return peer;
            }
            if (!isTrusted(hop)) {
                return hop;
            }
        }
        return peer;
    }

    private static boolean isLiteral(String address) {
        try {
            InetAddress.ofLiteral(address);
            return true;
        } catch (IllegalArgumentException notALiteral) {
            return false;
        }
    }

    private boolean isTrusted(String address) {
        try {
            byte[] bytes = InetAddress.ofLiteral(address).getAddress();
            return trusted.stream().anyMatch(range -> range.contains(bytes));
        } catch (IllegalArgumentException notALiteral) {
            return false;
        }
    }
}
