package org.courseplatform.platform.web.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet6Address;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class AddressBlockTest {

    @Test
    void blocksMatchTheirAddressesAndIpv4BlocksTheMappedForm() throws Exception {
        AddressBlock ten = AddressBlock.parse("s", "10.0.0.0/8");
        assertThat(ten.contains(InetAddress.getByName("10.200.1.2"))).isTrue();
        assertThat(ten.contains(InetAddress.getByName("11.0.0.1"))).isFalse();
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xFF;
        mapped[11] = (byte) 0xFF;
        mapped[12] = 10;
        mapped[15] = 1;
        assertThat(ten.contains(Inet6Address.getByAddress(null, mapped, null))).isTrue();
        AddressBlock odd = AddressBlock.parse("s", "192.168.4.0/22");
        assertThat(odd.contains(InetAddress.getByName("192.168.7.255"))).isTrue();
        assertThat(odd.contains(InetAddress.getByName("192.168.8.0"))).isFalse();
        assertThat(AddressBlock.parse("s", "::1").contains(InetAddress.getByName("::1")))
                .isTrue();
        assertThat(AddressBlock.parse("s", "::1").contains(InetAddress.getByName("127.0.0.1")))
                .isFalse();
    }

    @Test
    void namesAndBadPrefixesAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> AddressBlock.parse("webhooks.allowed-addresses", "example.com"))
                .hasMessageContaining("webhooks.allowed-addresses")
                .hasMessageContaining("not an IP address");
        assertThatThrownBy(() -> AddressBlock.parse("platform.auth.trusted-proxies", "10.0.0.0/33"))
                .hasMessageContaining("platform.auth.trusted-proxies")
                .hasMessageContaining("prefix");
        assertThatThrownBy(() -> AddressBlock.parse("s", "10.0.0.0/x")).hasMessageContaining("prefix");
    }

    @Test
    void literalsNeverLookNamesUp() {
        assertThat(AddressBlock.literal("localhost")).isNull();
        assertThat(AddressBlock.literal("256.1.1.1")).isNull();
        assertThat(AddressBlock.literal("203.0.113.9")).isNotNull();
        assertThat(AddressBlock.isLiteral("2001:db8::1")).isTrue();
        assertThat(AddressBlock.isLiteral("")).isFalse();
    }
}
