package io.chronohook.dispatch.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressPolicyTest {

    @ParameterizedTest(name = "{0} is denied as {1}")
    @CsvSource({
            "0.0.0.0,             0.0.0.0/8",
            "0.255.255.255,       0.0.0.0/8",
            "10.0.0.5,            10.0.0.0/8",
            "10.255.255.255,      10.0.0.0/8",
            "100.64.0.1,          100.64.0.0/10",
            "100.127.255.254,     100.64.0.0/10",
            "127.0.0.1,           127.0.0.0/8",
            "127.255.255.254,     127.0.0.0/8",
            "169.254.169.254,     169.254.0.0/16",
            "172.16.0.1,          172.16.0.0/12",
            "172.31.255.255,      172.16.0.0/12",
            "192.0.0.8,           192.0.0.0/24",
            "192.0.2.1,           192.0.2.0/24",
            "192.88.99.1,         192.88.99.0/24",
            "192.168.1.1,         192.168.0.0/16",
            "198.18.0.1,          198.18.0.0/15",
            "198.19.255.255,      198.18.0.0/15",
            "198.51.100.7,        198.51.100.0/24",
            "203.0.113.9,         203.0.113.0/24",
            "224.0.0.1,           224.0.0.0/4",
            "239.255.255.250,     224.0.0.0/4",
            "240.0.0.1,           240.0.0.0/4",
            "255.255.255.255,     240.0.0.0/4",
            "::,                  ::/128",
            "::1,                 ::1/128",
            "::127.0.0.1,         ::/96",
            "::a00:5,             ::/96",
            "::ffff:127.0.0.1,    127.0.0.0/8",
            "::ffff:169.254.169.254, 169.254.0.0/16",
            "64:ff9b::a00:1,      64:ff9b::/96",
            "64:ff9b::808:808,    64:ff9b::/96",
            "64:ff9b:1::1,        64:ff9b:1::/48",
            "100::1,              100::/64",
            "2001::1,             2001::/32",
            "2001:db8::1,         2001:db8::/32",
            "2002:c000:201::1,    2002::/16",
            "3fff::1,             3fff::/20",
            "5f00::1,             5f00::/16",
            "fc00::1,             fc00::/7",
            "fd00:ec2::254,       fc00::/7",
            "fe80::1,             fe80::/10",
            "fe80::1%eth0,        fe80::/10",
            "febf::1,             fe80::/10",
            "fec0::1,             fec0::/10",
            "ff02::1,             ff00::/8",
    })
    void deniesEveryAddressInTheSecurityTable(String address, String range) {
        assertThat(AddressPolicy.deniedReason(parse(address))).hasValueSatisfying(reason ->
                assertThat(reason).endsWith("(" + range + ")"));
    }

    @ParameterizedTest(name = "{0} is allowed")
    @ValueSource(strings = {
            "8.8.8.8", "1.1.1.1", "93.184.216.34", "11.0.0.1", "100.63.255.255", "100.128.0.0", "126.255.255.255",
            "128.0.0.1", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.1",
            "192.88.98.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "223.255.255.255",
            "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001::1", "2003::1", "64:ff9a::1",
            "64:ff9b:2::1", "fbff::1", "::ffff:8.8.8.8",
    })
    void allowsPublicAddresses(String address) {
        assertThat(AddressPolicy.deniedReason(parse(address))).isEmpty();
        assertThat(AddressPolicy.isAllowed(parse(address))).isTrue();
    }

    @Test
    void javasOwnChecksMissRangesTheTableCatches() {
        // The reason the table exists: none of these is "site local", "loopback" or "link local" to the JDK.
        for (String address : new String[] {"100.64.0.1", "fd00:ec2::254", "::127.0.0.1", "198.18.0.1", "64:ff9b::a00:1"}) {
            InetAddress parsed = parse(address);
            assertThat(parsed.isSiteLocalAddress() || parsed.isLoopbackAddress() || parsed.isLinkLocalAddress())
                    .as(address).isFalse();
            assertThat(AddressPolicy.deniedReason(parsed)).as(address).isPresent();
        }
    }

    @Test
    void anIpv4MappedAddressKeptAsIpv6IsJudgedByItsIpv4Address() throws UnknownHostException {
        // InetAddress.getByName turns ::ffff:a.b.c.d into IPv4, but an Inet6Address can still carry one.
        InetAddress mappedLoopback = Inet6Address.getByAddress(null, mapped(127, 0, 0, 1), -1);
        InetAddress mappedPrivate = Inet6Address.getByAddress(null, mapped(10, 0, 0, 5), -1);
        InetAddress mappedPublic = Inet6Address.getByAddress(null, mapped(8, 8, 8, 8), -1);

        assertThat(mappedLoopback).isInstanceOf(Inet6Address.class);
        assertThat(AddressPolicy.deniedReason(mappedLoopback)).contains("a loopback address (127.0.0.0/8)");
        assertThat(AddressPolicy.deniedReason(mappedPrivate)).contains("a private address (10.0.0.0/8)");
        assertThat(AddressPolicy.deniedReason(mappedPublic)).isEmpty();
    }

    @Test
    void aZoneIndexDoesNotHideALinkLocalAddress() throws UnknownHostException {
        byte[] bytes = InetAddress.ofLiteral("fe80::1").getAddress();
        InetAddress scoped = Inet6Address.getByAddress(null, bytes, 3);

        assertThat(AddressPolicy.deniedReason(scoped)).contains("a link-local address (fe80::/10)");
    }

    private static byte[] mapped(int a, int b, int c, int d) {
        byte[] bytes = new byte[16];
        bytes[10] = (byte) 0xff;
        bytes[11] = (byte) 0xff;
        bytes[12] = (byte) a;
        bytes[13] = (byte) b;
        bytes[14] = (byte) c;
        bytes[15] = (byte) d;
        return bytes;
    }

    /** Parses a literal without DNS; a zone naming an interface this machine lacks becomes a numeric scope. */
    private static InetAddress parse(String literal) {
        try {
            return InetAddress.ofLiteral(literal);
        } catch (IllegalArgumentException e) {
            int zone = literal.indexOf('%');
            if (zone < 0) {
                throw e;
            }
            try {
                return Inet6Address.getByAddress(null, InetAddress.ofLiteral(literal.substring(0, zone)).getAddress(), 1);
            } catch (UnknownHostException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }
}
