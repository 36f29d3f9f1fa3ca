package io.chronohook.dispatch.guard;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which IP addresses a webhook may never reach, as an explicit CIDR table (SECURITY.md); the guard and the pinning
 * resolver ask it about every address. The JDK's {@code isSiteLocalAddress()} and friends miss ULA, CGNAT, NAT64,
 * 6to4 and benchmarking ranges, so they are not used.
 */
public final class AddressPolicy {

    private static final List<Range> IPV4 = List.of(
            Range.of("0.0.0.0/8", "a \"this network\" address"),
            Range.of("10.0.0.0/8", "a private address"),
            Range.of("100.64.0.0/10", "a carrier-grade NAT address"),
            Range.of("127.0.0.0/8", "a loopback address"),
            Range.of("169.254.0.0/16", "a link-local address (cloud metadata endpoints live here)"),
            Range.of("172.16.0.0/12", "a private address"),
            Range.of("192.0.0.0/24", "an IETF protocol assignment"),
            Range.of("192.0.2.0/24", "a documentation address"),
            Range.of("192.88.99.0/24", "a 6to4 relay anycast address"),
            Range.of("192.168.0.0/16", "a private address"),
            Range.of("198.18.0.0/15", "a benchmarking address"),
            Range.of("198.51.100.0/24", "a documentation address"),
            Range.of("203.0.113.0/24", "a documentation address"),
            Range.of("224.0.0.0/4", "a multicast address"),
            Range.of("240.0.0.0/4", "a reserved or broadcast address"));

    // ::ffff:0:0/96 is not listed: IPv4-mapped addresses are turned into IPv4 first and checked against IPV4.
    // The two single addresses come before ::/96, which contains them, for a more precise reason.
    private static final List<Range> IPV6 = List.of(
            Range.of("::/128", "the unspecified address"),
            Range.of("::1/128", "the loopback address"),
            Range.of("::/96", "an IPv4-compatible address"),
            Range.of("64:ff9b::/96", "a NAT64 address"),
            Range.of("64:ff9b:1::/48", "a local-use NAT64 address"),
            Range.of("100::/64", "a discard-only address"),
            Range.of("2001:db8::/32", "a documentation address"),
            Range.of("2001::/32", "a Teredo address"),
            Range.of("2002::/16", "a 6to4 address"),
            Range.of("3fff::/20", "a documentation address"),
            Range.of("5f00::/16", "a segment-routing address"),
            Range.of("fc00::/7", "a unique-local (private) address"),
            Range.of("fe80::/10", "a link-local address"),
            Range.of("fec0::/10", "a site-local address"),
            Range.of("ff00::/8", "a multicast address"));

    private AddressPolicy() {
    }

    /**
     * Why {@code address} is denied, e.g. {@code "a private address (10.0.0.0/8)"}, or empty when a webhook may reach it.
     * A zone ({@code %eth0}) plays no part: only the address bytes are compared.
     */
    public static Optional<String> deniedReason(InetAddress address) {
        byte[] bytes = canonical(address.getAddress());
        for (Range range : bytes.length == 4 ? IPV4 : IPV6) {
            if (range.contains(bytes)) {
                return Optional.of(range.description + " (" + range.cidr + ")");
            }
        }
        return Optional.empty();
    }

    /** True when a webhook may reach {@code address}. */
    public static boolean isAllowed(InetAddress address) {
        return deniedReason(address).isEmpty();
    }

    /** IPv4-mapped IPv6 ({@code ::ffff:a.b.c.d}) becomes the IPv4 address it carries. */
    private static byte[] canonical(byte[] bytes) {
        if (bytes.length != 16) {
            return bytes;
        }
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return bytes;
            }
        }
        if (bytes[10] != (byte) 0xff || bytes[11] != (byte) 0xff) {
            return bytes;
        }
        return Arrays.copyOfRange(bytes, 12, 16);
    }

    private record Range(String cidr, AddressRange range, String description) {

        static Range of(String cidr, String description) {
            return new Range(cidr, AddressRange.parse(cidr), description);
        }

        boolean contains(byte[] address) {
            return range.contains(address);
        }
    }
}
