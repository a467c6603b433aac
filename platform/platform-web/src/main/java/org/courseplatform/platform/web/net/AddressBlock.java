package org.courseplatform.platform.web.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * An IP address or CIDR block from an operator's setting (webhook-dispatcher's allow-list,
 * platform-auth's trusted proxies). IPv4 blocks also match the IPv4-mapped IPv6 form of their
 * addresses. Parsing never looks a name up: a setting that is not a literal is refused.
 */
public record AddressBlock(byte[] network, int prefix) {

    /**
     * Parses {@code 10.0.0.0/8}, {@code ::1} or {@code 192.0.2.7}.
     *
     * @param setting the setting's name, for the message when {@code text} is not a block
     * @throws IllegalArgumentException naming the setting when it is not
     */
    public static AddressBlock parse(String setting, String text) {
        int slash = text.indexOf('/');
        InetAddress address = literal(slash < 0 ? text : text.substring(0, slash));
        if (address == null) {
            throw new IllegalArgumentException(setting + ": '" + text + "' is not an IP address or CIDR block");
        }
        byte[] bytes = address.getAddress();
        int prefix = bytes.length * 8;
        if (slash >= 0) {
            String length = text.substring(slash + 1);
            prefix = length.matches("[0-9]{1,3}") ? Integer.parseInt(length) : -1;
            if (prefix < 0 || prefix > bytes.length * 8) {
                throw new IllegalArgumentException(setting + ": bad prefix length in '" + text + "'");
            }
        }
        return new AddressBlock(bytes, prefix);
    }

    public boolean contains(InetAddress candidate) {
        byte[] b = candidate.getAddress();
        if (network.length == 4 && PublicAddresses.isIpv4Mapped(b)) {
            b = Arrays.copyOfRange(b, 12, 16);
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

    /** An IP literal as an address, or null (never a name lookup). */
    public static InetAddress literal(String text) {
        if (text == null || text.length() > 45 || !isLiteral(text)) {
            return null;
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Whether {@code host} is an IPv4 or IPv6 literal (a zone id such as {@code %eth0} allowed). */
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
            if (part.isEmpty()
                    || part.length() > 3
                    || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
