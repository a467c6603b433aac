package org.courseplatform.platform.web.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every rule of {@link PublicAddresses}, with addresses on both sides of each block's edges. */
class PublicAddressesTest {

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    /** {@code ::ffff:a.b.c.d} kept as an IPv6 address; {@code InetAddress.getByName} would make it IPv4. */
    private static InetAddress mapped(String ipv4) throws UnknownHostException {
        byte[] v4 = ip(ipv4).getAddress();
        byte[] b = new byte[16];
        b[10] = (byte) 0xFF;
        b[11] = (byte) 0xFF;
        System.arraycopy(v4, 0, b, 12, 4);
        return Inet6Address.getByAddress(null, b, -1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "8.8.8.8",
                "1.1.1.1",
                "93.184.216.34",
                "223.255.255.255",
                "1.0.0.0",
                "9.255.255.255",
                "11.0.0.0", // around 10/8
                "126.255.255.255",
                "128.0.0.1", // around 127/8
                "100.63.255.255",
                "100.128.0.0", // around 100.64/10
                "169.253.255.255",
                "169.255.0.0", // around 169.254/16
                "172.15.255.255",
                "172.32.0.0", // around 172.16/12
                "192.167.255.255",
                "192.169.0.0", // around 192.168/16
                "192.0.1.1",
                "192.0.3.1", // between 192.0.0/24 and 192.0.2/24, and after
                "198.17.255.255",
                "198.20.0.0", // around 198.18/15
                "198.51.99.1",
                "198.51.101.1", // around 198.51.100/24
                "203.0.112.1",
                "203.0.114.1", // around 203.0.113/24
            })
    void publicIpv4Passes(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.0.0.0",
                "0.1.2.3", // "this network" 0/8
                "10.0.0.0",
                "10.255.255.255", // private 10/8
                "127.0.0.1",
                "127.8.9.10",
                "127.255.255.255", // loopback 127/8
                "100.64.0.0",
                "100.127.255.255", // CGNAT 100.64/10
                "169.254.0.1",
                "169.254.169.254", // link-local 169.254/16, cloud metadata
                "172.16.0.0",
                "172.31.255.255", // private 172.16/12
                "192.168.0.0",
                "192.168.255.255", // private 192.168/16
                "192.0.0.1",
                "192.0.0.255", // IETF protocol assignments 192.0.0/24
                "192.0.2.1", // TEST-NET-1
                "198.18.0.0",
                "198.19.255.255", // benchmarking 198.18/15
                "198.51.100.1", // TEST-NET-2
                "203.0.113.1", // TEST-NET-3
                "224.0.0.1",
                "239.255.255.255", // multicast
                "240.0.0.1",
                "255.255.255.254", // reserved
                "255.255.255.255", // broadcast
            })
    void nonPublicIpv4IsRefused(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2001:4860:4860::8888",
                "2606:4700:4700::1111",
                "2a00:1450:4001:81a::200e",
                "2400:cb00::1",
                "2000::1",
                "3ffe::1", // the edges of 2000::/3
                "2001:1::1",
                "2001:db9::1", // next to Teredo and documentation
            })
    void publicIpv6Passes(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "::", // unspecified
                "::1", // loopback
                "::8.8.8.8",
                "::a00:1", // deprecated IPv4-compatible, even with a public IPv4 address
                "fe80::1",
                "febf:ffff::1", // link-local fe80::/10
                "fec0::1",
                "feff::1", // site-local fec0::/10
                "fc00::1",
                "fd12:3456::1", // unique-local fc00::/7
                "ff02::1",
                "ff0e::1", // multicast
                "2001::1",
                "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo 2001::/32
                "2001:db8::1",
                "2001:db8:ffff::1", // documentation 2001:db8::/32
                "100::1",
                "1fff::1",
                "4000::1",
                "e000::1", // outside 2000::/3
            })
    void nonPublicIpv6IsRefused(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isFalse();
    }

    @Test
    void ipv4MappedAddressesAreJudgedByTheirIpv4Address() throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(mapped("8.8.8.8"))).isTrue();
        assertThat(PublicAddresses.isPublic(mapped("93.184.216.34"))).isTrue();
        for (String v4 : new String[] {
            "0.0.0.0",
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "100.64.0.1",
            "169.254.169.254",
            "192.0.2.1",
            "198.18.0.1",
            "224.0.0.1",
            "255.255.255.255"
        }) {
            assertThat(PublicAddresses.isPublic(mapped(v4))).as("::ffff:" + v4).isFalse();
        }
        // The literal form becomes an Inet4Address in the JDK; the answer is the same.
        assertThat(ip("::ffff:127.0.0.1")).isInstanceOf(Inet4Address.class);
        assertThat(PublicAddresses.isPublic(ip("::ffff:127.0.0.1"))).isFalse();
        assertThat(PublicAddresses.isPublic(ip("::ffff:8.8.8.8"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"64:ff9b::808:808", "64:ff9b::5db8:d822"})
    void nat64OfAPublicIpv4AddressPasses(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "64:ff9b::7f00:1",
                "64:ff9b::a00:1",
                "64:ff9b::a9fe:a9fe",
                "64:ff9b::c0a8:101",
                "64:ff9b::c000:201",
                "64:ff9b:1::808:808", // local-use NAT64 64:ff9b:1::/48, whatever it embeds
                "64:ff9b:0:0:1::808:808", // not in 64:ff9b::/96
            })
    void nat64OfANonPublicIpv4AddressIsRefused(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2002:808:808::1", "2002:5db8:d822::1"})
    void sixToFourOfAPublicIpv4AddressPasses(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2002:7f00:1::",
                "2002:a00:1::1",
                "2002:c0a8:101::1",
                "2002:a9fe:a9fe::1",
                "2002:6440:1::1",
                "2002:c000:201::1",
                "2002:e000:1::1",
                "2002::1"
            })
    void sixToFourOfANonPublicIpv4AddressIsRefused(String address) throws UnknownHostException {
        assertThat(PublicAddresses.isPublic(ip(address))).as(address).isFalse();
    }

    @Test
    void nullIsNotPublic() {
        assertThat(PublicAddresses.isPublic(null)).isFalse();
    }

    @Test
    void ipv4MappedBytesAreRecognised() throws UnknownHostException {
        assertThat(PublicAddresses.isIpv4Mapped(mapped("10.1.2.3").getAddress()))
                .isTrue();
        assertThat(PublicAddresses.isIpv4Mapped(ip("10.1.2.3").getAddress())).isFalse();
        assertThat(PublicAddresses.isIpv4Mapped(ip("::a01:203").getAddress())).isFalse();
        assertThat(PublicAddresses.isIpv4Mapped(ip("64:ff9b::a01:203").getAddress()))
                .isFalse();
        assertThat(PublicAddresses.isIpv4Mapped(null)).isFalse();
    }
}
