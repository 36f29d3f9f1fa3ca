package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

/** X-Forwarded-For is believed only from trusted peers, and only as far as the first address that is not one. */
class ClientAddressTest {

    private final ClientAddress addresses = new ClientAddress(new SignInLimitProperties(20, 10, 5,
            Duration.ofSeconds(30), Duration.ofMinutes(15), Duration.ofHours(24), List.of("127.0.0.0/8", "10.0.0.0/8"),
            Duration.ofSeconds(1)));

    @Test
    void anUntrustedPeerIsTheClientWhateverItForwards() {
        assertThat(addresses.of(request("203.0.113.5", "198.51.100.1"))).isEqualTo("203.0.113.5");
    }

    @Test
    void aTrustedPeerForwardsTheRightMostUntrustedAddress() {
        assertThat(addresses.of(request("127.0.0.1", "198.51.100.1, 203.0.113.9, 10.1.2.3")))
                .isEqualTo("203.0.113.9");
        assertThat(addresses.of(request("127.0.0.1", "2001:db8::1"))).isEqualTo("2001:db8::1");
    }

    @Test
    void aTrustedPeerWithoutForwardedAddressesIsTheClient() {
        assertThat(addresses.of(request("127.0.0.1", null))).isEqualTo("127.0.0.1");
        assertThat(addresses.of(request("10.0.0.7", "10.0.0.8"))).isEqualTo("10.0.0.7");
    }

    @Test
    void namesAndGarbageAreNeverUsedNorResolved() {
        assertThat(addresses.of(request("127.0.0.1", "beef.cafe"))).isEqualTo("127.0.0.1");
        assertThat(addresses.of(request("127.0.0.1", "999.1.1.1"))).isEqualTo("127.0.0.1");
        assertThat(addresses.of(request("127.0.0.1", "evil.example.com, 203.0.113.9"))).isEqualTo("203.0.113.9");
    }

    private static MockServerHttpRequest request(String peer, String forwarded) {
        MockServerHttpRequest.BaseBuilder<?> builder = MockServerHttpRequest.post("/api/v1/auth/token")
                .remoteAddress(new InetSocketAddress(peer, 40000));
        if (forwarded != null) {
            builder.header("X-Forwarded-For", forwarded);
        }
        return builder.build();
    }
}
