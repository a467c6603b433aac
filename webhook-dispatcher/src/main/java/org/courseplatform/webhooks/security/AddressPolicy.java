package org.courseplatform.webhooks.security;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Which addresses a webhook may be sent to. Subscribers choose the URL, so it is a server-side
 * request forgery risk: only ordinary public unicast addresses pass, unless an operator's
 * allow-list of CIDR blocks names the address. Checked on every address the host resolves to
 * at send time; the request then connects to the checked address itself.
 */
public final class AddressPolicy {

    private final List<Cidr> allowed;

    public AddressPolicy(List<String> allowedCidrs) {
        List<Cidr> blocks = new ArrayList<>();
        for (String cidr : allowedCidrs) {
            if (!cidr.isBlank()) {
                blocks.add(Cidr.parse(cidr.strip()));
            }
        }
        this.allowed = List.copyOf(blocks);
    }

    /** Null when the address may be used; otherwise why not ("loopback", "private", ...). */
    public String refusal(InetAddress address) {
        for (Cidr block : allowed) {
            if (block.contains(address)) {
                return null;
            }
        }
        return isPublicAddress(address) ? null : kind(address);
    }

    /**
     * Whether an address is ordinary public unicast: false for loopback, any-local, "this network"
     * 0/8, private 10/8, 172.16/12, 192.168/16, CGNAT 100.64/10, link-local 169.254/16 (cloud
     * metadata) and fe80::/10, multicast, broadcast and reserved ranges, documentation and
     * benchmarking ranges, unique-local fc00::/7, site-local fec0::/10, anything outside 2000::/3,
     * and IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4) unless that
     * address is public. Teredo is refused outright. (The same rules as course-service's image
     * fetcher.)
     */
    public static boolean isPublicAddress(InetAddress address) {
        if (address == null || address.isAnyLocalAddress() || address.isLoopbackAddress()
                || address.isLinkLocalAddress() || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return isPublicIpv4(b, 0);
        }
        if (!(address instanceof Inet6Address) || b.length != 16) {
            return false;
        }
        if (allZero(b, 0, 10) && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF) {
            return isPublicIpv4(b, 12); // ::ffff:a.b.c.d, IPv4-mapped
        }
        if (allZero(b, 0, 12)) {
            return false; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
        }
        int first = u16(b, 0);
        int second = u16(b, 2);
        if (first == 0x0064 && second == 0xFF9B) {
            return allZero(b, 4, 12) && isPublicIpv4(b, 12); // NAT64 64:ff9b::/96; 64:ff9b:1::/48 is local
        }
        if (first == 0x2002) {
            return isPublicIpv4(b, 2); // 6to4 relays to the embedded IPv4 address
        }
        if (first == 0x2001 && (second == 0x0000 || second == 0x0DB8)) {
            return false; // Teredo, documentation
        }
        return (b[0] & 0xE0) == 0x20; // global unicast 2000::/3; excludes fc00::/7, fe80::/10, ff00::/8
    }

    /** A short name for the kind of non-public address, for error messages. */
    static String kind(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet6Address && b.length == 16 && allZero(b, 0, 10) && (b[10] & 0xFF) == 0xFF
                && (b[11] & 0xFF) == 0xFF) {
            try {
                return kind(InetAddress.getByAddress(java.util.Arrays.copyOfRange(b, 12, 16))) + " (IPv4-mapped)";
            } catch (UnknownHostException e) {
                return "reserved";
            }
        }
        if (address.isLoopbackAddress()) {
            return "loopback";
        }
        if (address.isAnyLocalAddress()) {
            return "unspecified";
        }
        if (address.isMulticastAddress()) {
            return "multicast";
        }
        if (address instanceof Inet4Address) {
            int a0 = b[0] & 0xFF;
            int a1 = b[1] & 0xFF;
            if (a0 == 169 && a1 == 254) {
                return a1 == 254 && (b[2] & 0xFF) == 169 && (b[3] & 0xFF) == 254 ? "metadata" : "link-local";
            }
            if (a0 == 10 || (a0 == 172 && (a1 & 0xF0) == 16) || (a0 == 192 && a1 == 168) || (a0 == 100 && (a1 & 0xC0) == 64)) {
                return "private";
            }
            if (a0 == 0) {
                return "unspecified";
            }
            return "reserved";
        }
        if (address.isLinkLocalAddress()) {
            return "link-local";
        }
        if ((b[0] & 0xFE) == 0xFC || address.isSiteLocalAddress()) {
            return "private";
        }
        return "reserved";
    }

    private static boolean isPublicIpv4(byte[] b, int at) {
        int a0 = b[at] & 0xFF;
        int a1 = b[at + 1] & 0xFF;
        int a2 = b[at + 2] & 0xFF;
        return !(a0 == 0 // "this network"; 0.0.0.0 reaches localhost on Linux
                || a0 == 10
                || a0 == 127
                || (a0 == 100 && (a1 & 0xC0) == 64) // CGNAT 100.64/10
                || (a0 == 169 && a1 == 254)
                || (a0 == 172 && (a1 & 0xF0) == 16)
                || (a0 == 192 && a1 == 168)
                || (a0 == 192 && a1 == 0 && (a2 == 0 || a2 == 2)) // IETF protocol assignments, TEST-NET-1
                || (a0 == 198 && (a1 & 0xFE) == 18) // benchmarking 198.18/15
                || (a0 == 198 && a1 == 51 && a2 == 100) // TEST-NET-2
                || (a0 == 203 && a1 == 0 && a2 == 113) // TEST-NET-3
                || a0 >= 224); // multicast, reserved, broadcast
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    /** An address block; IPv4 blocks also match the IPv4-mapped IPv6 form of their addresses. */
    record Cidr(byte[] network, int prefix) {

        static Cidr parse(String text) {
            int slash = text.indexOf('/');
            String host = slash < 0 ? text : text.substring(0, slash);
            if (!isLiteral(host)) {
                throw new IllegalArgumentException("webhooks.allowed-addresses: '" + text + "' is not an IP address or CIDR block");
            }
            byte[] address;
            try {
                address = InetAddress.getByName(host).getAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("webhooks.allowed-addresses: '" + text + "' is not an IP address or CIDR block");
            }
            int prefix = address.length * 8;
            if (slash >= 0) {
                try {
                    prefix = Integer.parseInt(text.substring(slash + 1));
                } catch (NumberFormatException e) {
                    prefix = -1;
                }
                if (prefix < 0 || prefix > address.length * 8) {
                    throw new IllegalArgumentException("webhooks.allowed-addresses: bad prefix length in '" + text + "'");
                }
            }
            return new Cidr(address, prefix);
        }

        boolean contains(InetAddress candidate) {
            byte[] b = candidate.getAddress();
            if (b.length == 16 && network.length == 4 && allZero(b, 0, 10) && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF) {
                b = java.util.Arrays.copyOfRange(b, 12, 16);
            }
            if (b.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (b[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (b[full] & mask) == (network[full] & mask);
        }
    }

    /** Whether {@code host} is an IPv4 or IPv6 literal (no name resolution needed). */
    public static boolean isLiteral(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        if (host.indexOf(':') >= 0) {
            return host.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.' || c == '%');
        }
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit) || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
