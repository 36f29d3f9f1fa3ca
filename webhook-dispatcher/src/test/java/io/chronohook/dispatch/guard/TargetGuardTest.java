package io.chronohook.dispatch.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class TargetGuardTest {

    private final FakeDns dns = new FakeDns(Map.of(
            "ok.example", List.of("93.184.216.34"),
            "rebind.example", List.of("10.0.0.5"),
            "mixed.example", List.of("93.184.216.34", "127.0.0.1"),
            "v6.example", List.of("2606:4700:4700::1111"),
            "imds6.example", List.of("fd00:ec2::254"),
            "localhost", List.of("127.0.0.1"),
            "receiver", List.of("172.18.0.4")));

    private final TargetGuard guard = new TargetGuard(false, dns);
    private final TargetGuard devGuard = new TargetGuard(true, dns);

    @ParameterizedTest(name = "{0} is refused as {1}")
    @CsvSource({
            "https://127.1/,                       NUMERIC_HOST_NOT_CANONICAL",
            "https://2130706433/,                  NUMERIC_HOST_NOT_CANONICAL",
            "https://0177.0.0.1/,                  NUMERIC_HOST_NOT_CANONICAL",
            "https://0x7f.0.0.1/,                  NUMERIC_HOST_NOT_CANONICAL",
            "https://0x7f000001/,                  NUMERIC_HOST_NOT_CANONICAL",
            "https://127.000.000.001/,             NUMERIC_HOST_NOT_CANONICAL",
            "https://127.1:8443/,                  NUMERIC_HOST_NOT_CANONICAL",
            "https://user@evil.com@127.0.0.1/,     CREDENTIALS_IN_URL",
            "https://user:secret@ok.example/,      CREDENTIALS_IN_URL",
            "https://localhost/,                   HOST_NAME_NOT_ALLOWED",
            "https://LOCALHOST/,                   HOST_NAME_NOT_ALLOWED",
            "https://localhost./,                  HOST_NAME_NOT_ALLOWED",
            "https://foo.localhost./,              HOST_NAME_NOT_ALLOWED",
            "https://metadata.google.internal/,    HOST_NAME_NOT_ALLOWED",
            "https://db.corp.internal/,            HOST_NAME_NOT_ALLOWED",
            "https://printer.local/,               HOST_NAME_NOT_ALLOWED",
            "https://intranet/,                    HOST_NAME_NOT_ALLOWED",
            "https://intranet./,                   HOST_NAME_NOT_ALLOWED",
            "http://example.com/,                  SCHEME_NOT_ALLOWED",
            "ftp://x.example/,                     SCHEME_NOT_ALLOWED",
            "file:///etc/passwd,                   INVALID_URL",
            "https://example.com:22/,              PORT_NOT_ALLOWED",
            "https://example.com:1023/,            PORT_NOT_ALLOWED",
            "https://example.com:65536/,           INVALID_URL",
            "https://127.0.0.1/,                   ADDRESS_NOT_ALLOWED",
            "https://169.254.169.254/latest/,      ADDRESS_NOT_ALLOWED",
            "https://[::1]/,                       ADDRESS_NOT_ALLOWED",
            "https://[::ffff:127.0.0.1]/,          ADDRESS_NOT_ALLOWED",
            "https://[::127.0.0.1]/,               ADDRESS_NOT_ALLOWED",
            "https://[fd00:ec2::254]/,             ADDRESS_NOT_ALLOWED",
            "https://[fe80::1%25eth0]/,            ADDRESS_NOT_ALLOWED",
            "https://bücher.example/,              INVALID_URL",
            "/relative/path,                       INVALID_URL",
    })
    void refusesUnsafeUrlsBeforeAskingDns(String url, RefusalCode code) {
        GuardDecision decision = guard.checkUrl(URI.create(url));

        assertThat(decision).isInstanceOfSatisfying(GuardDecision.Refused.class, refused -> {
            assertThat(refused.code()).isEqualTo(code);
            assertThat(refused.reason()).isNotBlank();
        });
        assertThat(dns.lookups).isEmpty();
    }

    @Test
    void aHostThatResolvesToAPrivateAddressIsRefusedWithTheAddressNamed() {
        GuardDecision decision = guard.checkUrl(URI.create("https://rebind.example/hook"));

        assertThat(decision).isEqualTo(new GuardDecision.Refused(RefusalCode.ADDRESS_NOT_ALLOWED,
                "resolves to 10.0.0.5, a private address (10.0.0.0/8)"));
    }

    @Test
    void aHostIsRefusedWhenAnyOfItsAddressesIsDenied() {
        GuardDecision decision = guard.checkUrl(URI.create("https://mixed.example/"));

        assertThat(decision).isInstanceOfSatisfying(GuardDecision.Refused.class, refused ->
                assertThat(refused.reason()).contains("127.0.0.1", "loopback"));
    }

    @Test
    void anIpv6HostInAUniqueLocalRangeIsRefused() {
        assertThat(guard.checkUrl(URI.create("https://imds6.example/")))
                .isInstanceOfSatisfying(GuardDecision.Refused.class, refused ->
                        assertThat(refused.reason()).contains("fd00:ec2:0:0:0:0:0:254", "fc00::/7"));
    }

    @Test
    void aPublicHostIsAllowedWithTheAddressesThatWereChecked() throws UnknownHostException {
        GuardDecision decision = guard.checkUrl(URI.create("https://ok.example/hook?x=1"));

        assertThat(decision).isEqualTo(new GuardDecision.Allowed(List.of(InetAddress.getByName("93.184.216.34"))));
        assertThat(dns.lookups).containsExactly("ok.example");
    }

    @Test
    void publicPortsAndIpv6HostsAreAllowed() {
        assertThat(guard.checkUrl(URI.create("https://ok.example:443/")).isAllowed()).isTrue();
        assertThat(guard.checkUrl(URI.create("https://ok.example:80/")).isAllowed()).isTrue();
        assertThat(guard.checkUrl(URI.create("https://ok.example:8443/")).isAllowed()).isTrue();
        assertThat(guard.checkUrl(URI.create("https://ok.example:65535/")).isAllowed()).isTrue();
        assertThat(guard.checkUrl(URI.create("https://v6.example/")).isAllowed()).isTrue();
        assertThat(guard.checkUrl(URI.create("https://[2606:4700:4700::1111]/")).isAllowed()).isTrue();
    }

    @Test
    void aCanonicalPublicIpv4HostIsAllowedWithoutDns() {
        assertThat(guard.checkUrl(URI.create("https://93.184.216.34/hook")).isAllowed()).isTrue();
        assertThat(dns.lookups).isEmpty();
    }

    @Test
    void aHostThatDoesNotResolveIsRefused() {
        assertThat(guard.checkUrl(URI.create("https://nowhere.example/")))
                .isInstanceOfSatisfying(GuardDecision.Refused.class, refused -> {
                    assertThat(refused.code()).isEqualTo(RefusalCode.RESOLUTION_FAILED);
                    assertThat(refused.reason()).contains("nowhere.example");
                });
    }

    @Test
    void aResolverThatTimesOutRefusesRatherThanFallingBack() {
        TargetGuard slow = new TargetGuard(false, host -> Mono.<List<InetAddress>>never()
                .timeout(java.time.Duration.ofMillis(50), Mono.error(new UnknownHostException(host + ": timed out"))));

        assertThat(slow.checkUrl(URI.create("https://ok.example/")))
                .isInstanceOfSatisfying(GuardDecision.Refused.class, refused ->
                        assertThat(refused.code()).isEqualTo(RefusalCode.RESOLUTION_FAILED));
    }

    @Test
    void allowingPrivateTargetsPermitsLoopbackPlainHttpAndAnyPortButNotObfuscatedNumbers() {
        assertThat(devGuard.checkUrl(URI.create("http://localhost:8080/hook")).isAllowed()).isTrue();
        assertThat(devGuard.checkUrl(URI.create("http://receiver:22/")).isAllowed()).isTrue();
        assertThat(devGuard.checkUrl(URI.create("https://rebind.example/")).isAllowed()).isTrue();
        assertThat(devGuard.checkUrl(URI.create("http://127.0.0.1:9000/")).isAllowed()).isTrue();
        assertThat(devGuard.checkUrl(URI.create("https://2130706433/")))
                .isInstanceOfSatisfying(GuardDecision.Refused.class, refused ->
                        assertThat(refused.code()).isEqualTo(RefusalCode.NUMERIC_HOST_NOT_CANONICAL));
        assertThat(devGuard.checkUrl(URI.create("ftp://localhost/")).isAllowed()).isFalse();
        assertThat(devGuard.checkUrl(URI.create("http://user@localhost/")).isAllowed()).isFalse();
    }

    @Test
    void resolvingForAConnectionFailsWithTheRefusalWhenAnAddressIsDenied() {
        StepVerifier.create(guard.resolveAllowed("rebind.example"))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOfSatisfying(TargetRefusedException.class,
                        refused -> assertThat(refused.refusal().reason()).contains("10.0.0.5")))
                .verify();
        StepVerifier.create(guard.resolveAllowed("nowhere.example"))
                .expectError(UnknownHostException.class)
                .verify();
    }

    @Test
    void refusalCodesReadAsSnakeCase() {
        assertThat(RefusalCode.ADDRESS_NOT_ALLOWED.code()).isEqualTo("address_not_allowed");
    }

    /** A DNS that answers from a table and records what it was asked. */
    static final class FakeDns implements HostResolver {
        final List<String> lookups = new ArrayList<>();
        private final Map<String, List<String>> table;

        FakeDns(Map<String, List<String>> table) {
            this.table = table;
        }

        @Override
        public Mono<List<InetAddress>> resolve(String host) {
            lookups.add(host);
            List<String> answer = table.get(host);
            if (answer == null) {
                return Mono.error(new UnknownHostException(host + ": NXDOMAIN"));
            }
            return Mono.just(answer.stream().map(InetAddress::ofLiteral).toList());
        }
    }
}
