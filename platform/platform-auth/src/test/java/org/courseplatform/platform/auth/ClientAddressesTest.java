package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressesTest {

    private final ClientAddresses none = new ClientAddresses(List.of());
    private final ClientAddresses ingress = new ClientAddresses(List.of("127.0.0.1", "10.0.0.0/8", "fd00::/8"));

    @Test
    void withoutTrustedProxiesThePeerIsTheClient() {
        assertThat(none.of("203.0.113.5", List.of("198.51.100.1"))).isEqualTo("203.0.113.5");
        assertThat(none.of("127.0.0.1", List.of())).isEqualTo("127.0.0.1");
    }

    @Test
    void aTrustedProxyIsBelievedForTheLastEntryOnly() {
        assertThat(ingress.of("10.1.2.3", List.of("198.51.100.1"))).isEqualTo("198.51.100.1");
        // The client wrote the first entries; the proxy appended the last one.
        assertThat(ingress.of("127.0.0.1", List.of("1.1.1.1, 2.2.2.2, 198.51.100.2")))
                .isEqualTo("198.51.100.2");
        assertThat(ingress.of("127.0.0.1", List.of("1.1.1.1", "198.51.100.3"))).isEqualTo("198.51.100.3");
        assertThat(ingress.of("::ffff:10.0.0.1", List.of("198.51.100.4"))).isEqualTo("198.51.100.4");
        assertThat(ingress.of("fd00::1", List.of("2001:db8::1"))).isEqualTo("2001:db8:0:0:0:0:0:1");
    }

    @Test
    void anUntrustedPeerOrAnUnreadableHeaderFallsBackToThePeer() {
        assertThat(ingress.of("203.0.113.6", List.of("198.51.100.1"))).isEqualTo("203.0.113.6");
        assertThat(ingress.of("127.0.0.1", List.of("1.1.1.1, not-an-ip"))).isEqualTo("127.0.0.1");
        assertThat(ingress.of("127.0.0.1", List.of("example.com"))).isEqualTo("127.0.0.1");
        assertThat(ingress.of("127.0.0.1", List.of("300.1.1.1"))).isEqualTo("127.0.0.1");
        assertThat(ingress.of("127.0.0.1", List.of(""))).isEqualTo("127.0.0.1");
        assertThat(ingress.of("127.0.0.1", List.of())).isEqualTo("127.0.0.1");
        assertThat(ingress.of(null, List.of("1.2.3.4"))).isEqualTo("unknown");
    }

    @Test
    void badTrustedProxiesStopTheService() {
        assertThatThrownBy(() -> new ClientAddresses(List.of("ingress.local"))).hasMessageContaining("trusted-proxies");
        assertThatThrownBy(() -> new ClientAddresses(List.of("10.0.0.0/33"))).hasMessageContaining("prefix");
    }
}
