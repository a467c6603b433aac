package org.courseplatform.webhooks.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The address rules of webhook sends, IPv4 and IPv6, and the operator's allow-list. */
class AddressPolicyTest {

    private static final AddressPolicy STRICT = new AddressPolicy(List.of());

    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void publicUnicastPasses() throws Exception {
        for (String address : List.of(
                "93.184.216.34",
                "8.8.8.8",
                "1.1.1.1",
                "2606:4700:4700::1111",
                "2a00:1450:4001:81a::200e",
                "::ffff:93.184.216.34",
                "2002:5db8:d822::1")) {
            assertThat(STRICT.refusal(ip(address))).as(address).isNull();
        }
    }

    @Test
    void everythingElseIsRefusedWithItsKind() throws Exception {
        assertThat(STRICT.refusal(ip("127.0.0.1"))).isEqualTo("loopback");
        assertThat(STRICT.refusal(ip("127.8.9.10"))).isEqualTo("loopback");
        assertThat(STRICT.refusal(ip("::1"))).isEqualTo("loopback");
        assertThat(STRICT.refusal(ip("0.0.0.0"))).isEqualTo("unspecified");
        assertThat(STRICT.refusal(ip("::"))).isEqualTo("unspecified");
        assertThat(STRICT.refusal(ip("10.0.0.1"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("172.16.0.1"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("172.31.255.255"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("192.168.1.1"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("100.64.0.1"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("fc00::1"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("fd12:3456::1"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("169.254.169.254"))).isEqualTo("metadata");
        assertThat(STRICT.refusal(ip("169.254.1.1"))).isEqualTo("link-local");
        assertThat(STRICT.refusal(ip("fe80::1"))).isEqualTo("link-local");
        assertThat(STRICT.refusal(ip("224.0.0.1"))).isEqualTo("multicast");
        assertThat(STRICT.refusal(ip("ff02::1"))).isEqualTo("multicast");
        assertThat(STRICT.refusal(ip("255.255.255.255"))).isEqualTo("reserved");
        assertThat(STRICT.refusal(ip("192.0.2.1"))).isEqualTo("reserved");
        // IPv6 forms that carry a non-public IPv4 address.
        assertThat(STRICT.refusal(ip("::ffff:127.0.0.1"))).isEqualTo("loopback");
        assertThat(STRICT.refusal(ip("::ffff:10.1.2.3"))).isEqualTo("private");
        assertThat(STRICT.refusal(ip("::ffff:169.254.169.254"))).isEqualTo("metadata");
        assertThat(STRICT.refusal(ip("64:ff9b::a00:1"))).isNotNull();
        assertThat(STRICT.refusal(ip("2002:7f00:1::"))).isNotNull();
        assertThat(STRICT.refusal(ip("2001:0:1::1"))).isNotNull();
        assertThat(STRICT.refusal(ip("2001:db8::1"))).isNotNull();
    }

    @Test
    void ipv4MappedAddressesKeptAsIpv6AreNamedAndMatchedByTheirIpv4Part() throws Exception {
        // InetAddress.getByName turns "::ffff:a.b.c.d" into an Inet4Address; raw bytes keep the IPv6 form.
        InetAddress metadata = mapped(169, 254, 169, 254);
        InetAddress loopback = mapped(127, 0, 0, 1);
        assertThat(metadata).isInstanceOf(Inet6Address.class);
        assertThat(STRICT.refusal(metadata)).isEqualTo("metadata (IPv4-mapped)");
        assertThat(STRICT.refusal(mapped(10, 1, 2, 3))).isEqualTo("private (IPv4-mapped)");
        assertThat(STRICT.refusal(loopback)).isEqualTo("loopback (IPv4-mapped)");
        assertThat(STRICT.refusal(mapped(93, 184, 216, 34))).isNull();
        assertThat(new AddressPolicy(List.of("10.1.0.0/16")).refusal(mapped(10, 1, 2, 3)))
                .isNull();
    }

    private static InetAddress mapped(int a, int b, int c, int d) throws Exception {
        byte[] bytes = new byte[16];
        bytes[10] = (byte) 0xFF;
        bytes[11] = (byte) 0xFF;
        bytes[12] = (byte) a;
        bytes[13] = (byte) b;
        bytes[14] = (byte) c;
        bytes[15] = (byte) d;
        return Inet6Address.getByAddress(null, bytes, -1);
    }

    @Test
    void theAllowListLetsNamedBlocksThroughAndNothingElse() throws Exception {
        AddressPolicy suite = new AddressPolicy(List.of("127.0.0.1/32", "::1/128", "10.20.0.0/16"));
        assertThat(suite.refusal(ip("127.0.0.1"))).isNull();
        assertThat(suite.refusal(ip("::ffff:127.0.0.1")))
                .as("mapped form of an allowed IPv4 address")
                .isNull();
        assertThat(suite.refusal(ip("::1"))).isNull();
        assertThat(suite.refusal(ip("10.20.3.4"))).isNull();
        assertThat(suite.refusal(ip("127.0.0.2"))).isEqualTo("loopback");
        assertThat(suite.refusal(ip("10.21.0.1"))).isEqualTo("private");
        assertThat(suite.refusal(ip("169.254.169.254"))).isEqualTo("metadata");
        AddressPolicy odd = new AddressPolicy(List.of("192.168.100.0/22"));
        assertThat(odd.refusal(ip("192.168.103.255"))).isNull();
        assertThat(odd.refusal(ip("192.168.104.0"))).isEqualTo("private");
        assertThat(new AddressPolicy(List.of(" ", "")).refusal(ip("127.0.0.1"))).isEqualTo("loopback");
    }

    @Test
    void aBadAllowListStopsTheService() {
        assertThatThrownBy(() -> new AddressPolicy(List.of("localhost")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("webhooks.allowed-addresses");
        assertThatThrownBy(() -> new AddressPolicy(List.of("10.0.0.0/33")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AddressPolicy(List.of("10.0.0.0/x"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void literalsAreToldApartFromNames() {
        assertThat(AddressPolicy.isLiteral("127.0.0.1")).isTrue();
        assertThat(AddressPolicy.isLiteral("::1")).isTrue();
        assertThat(AddressPolicy.isLiteral("example.com")).isFalse();
        assertThat(AddressPolicy.isLiteral("1.2.3")).isFalse();
        assertThat(AddressPolicy.isLiteral("256.1.1.1")).isFalse();
    }
}
