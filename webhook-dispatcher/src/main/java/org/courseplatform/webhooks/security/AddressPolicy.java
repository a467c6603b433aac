package org.courseplatform.webhooks.security;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.net.PublicAddresses;

/**
 * Which addresses a webhook may be sent to. Subscribers choose the URL, so it is a server-side
 * request forgery risk: only ordinary public unicast addresses pass ({@link PublicAddresses}, the
 * same rules as course-service's image fetcher), unless an operator's allow-list of CIDR blocks
 * names the address. Checked on every address the host resolves to at send time; the request then
 * connects to the checked address itself. How a refused address is named ("private", "metadata",
 * ...) is this class's own.
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
        return PublicAddresses.isPublic(address) ? null : kind(address);
    }

    /** A short name for the kind of non-public address, for error messages. */
    static String kind(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet6Address && PublicAddresses.isIpv4Mapped(b)) {
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
            if (network.length == 4 && PublicAddresses.isIpv4Mapped(b)) {
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
