package org.courseplatform.webhooks.security;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.courseplatform.platform.web.net.AddressBlock;
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

    private final List<AddressBlock> allowed;

    public AddressPolicy(List<String> allowedCidrs) {
        List<AddressBlock> blocks = new ArrayList<>();
        for (String cidr : allowedCidrs) {
            if (!cidr.isBlank()) {
                blocks.add(AddressBlock.parse("webhooks.allowed-addresses", cidr.strip()));
            }
        }
        this.allowed = List.copyOf(blocks);
    }

    /** Null when the address may be used; otherwise why not ("loopback", "private", ...). */
    public String refusal(InetAddress address) {
        for (AddressBlock block : allowed) {
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
                return kind(InetAddress.getByAddress(Arrays.copyOfRange(b, 12, 16))) + " (IPv4-mapped)";
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
            if (a0 == 10
                    || (a0 == 172 && (a1 & 0xF0) == 16)
                    || (a0 == 192 && a1 == 168)
                    || (a0 == 100 && (a1 & 0xC0) == 64)) {
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

    /** Whether {@code host} is an IPv4 or IPv6 literal (no name resolution needed). */
    public static boolean isLiteral(String host) {
        return AddressBlock.isLiteral(host);
    }
}
