package io.chronohook.dispatch.guard;

import java.net.InetAddress;

/** A CIDR range such as {@code 10.0.0.0/8} or {@code ::1/128}, parsed from a literal (never a name to resolve). */
public record AddressRange(byte[] network, int prefixLength) {

    /** The range {@code cidr}; a bare address is a range of one. Throws IllegalArgumentException for anything else. */
    public static AddressRange parse(String cidr) {
        String text = cidr.strip();
        int slash = text.indexOf('/');
        byte[] network = InetAddress.ofLiteral(slash < 0 ? text : text.substring(0, slash)).getAddress();
        int prefix = slash < 0 ? network.length * 8 : Integer.parseInt(text.substring(slash + 1));
        if (prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException("prefix length " + prefix + " is out of range in " + cidr);
        }
        return new AddressRange(network, prefix);
    }

    /** True when {@code address} (4 or 16 bytes) is in the range; an address of the other family never is. */
    public boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int remainingBits = prefixLength % 8;
        if (remainingBits == 0) {
            return true;
        }
        int mask = (0xff << (8 - remainingBits)) & 0xff;
        return (address[fullBytes] & mask) == (network[fullBytes] & mask);
    }
}
