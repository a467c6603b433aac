package org.courseplatform.platform.web.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Whether an IP address is ordinary public unicast, for services that connect to URLs chosen by
 * tenants or subscribers (server-side request forgery): course-service's thumbnail image fetcher
 * and webhook-dispatcher's address policy. One set of rules, so both refuse the same addresses;
 * how a refusal is reported, and any operator allow-list, stay with each service.
 */
public final class PublicAddresses {

    private PublicAddresses() {}

    /**
     * Whether an address is ordinary public unicast: false for loopback, any-local, "this network"
     * 0/8, private 10/8, 172.16/12, 192.168/16, CGNAT 100.64/10, link-local 169.254/16 (cloud
     * metadata) and fe80::/10, multicast, broadcast and reserved ranges, documentation and
     * benchmarking ranges, unique-local fc00::/7, site-local fec0::/10, anything outside 2000::/3,
     * and IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4) unless that
     * address is public. Teredo is refused outright. False for null.
     */
    public static boolean isPublic(InetAddress address) {
        if (address == null
                || address.isAnyLocalAddress()
                || address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isSiteLocalAddress()
                || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return isPublicIpv4(b, 0);
        }
        if (!(address instanceof Inet6Address) || b.length != 16) {
            return false;
        }
        if (isIpv4Mapped(b)) {
            return isPublicIpv4(b, 12); // ::ffff:a.b.c.d, IPv4-mapped
        }
        if (allZero(b, 0, 12)) {
            return false; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
        }
        int first = u16(b, 0);
        int second = u16(b, 2);
        if (first == 0x0064 && second == 0xFF9B) {
            // 64:ff9b::/96 is NAT64 to the embedded IPv4 address; 64:ff9b:1::/48 is local-use NAT64
            return allZero(b, 4, 12) && isPublicIpv4(b, 12);
        }
        if (first == 0x2002) {
            return isPublicIpv4(b, 2); // 6to4 relays to the embedded IPv4 address
        }
        if (first == 0x2001 && (second == 0x0000 || second == 0x0DB8)) {
            return false; // Teredo 2001::/32, documentation 2001:db8::/32
        }
        return (b[0] & 0xE0) == 0x20; // global unicast 2000::/3; this also excludes fc00::/7, fe80::/10, ff00::/8
    }

    /**
     * Whether raw address bytes are an IPv4-mapped IPv6 address, {@code ::ffff:a.b.c.d} (16 bytes,
     * the IPv4 address in the last four). The JDK turns such literals into {@link Inet4Address},
     * but {@link Inet6Address#getByAddress} keeps them as IPv6.
     */
    public static boolean isIpv4Mapped(byte[] b) {
        return b != null && b.length == 16 && allZero(b, 0, 10) && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF;
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
}
