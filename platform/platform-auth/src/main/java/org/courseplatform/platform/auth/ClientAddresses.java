package org.courseplatform.platform.auth;

import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.net.AddressBlock;

/**
 * The client address of a request as this service sees it, for per-address limits. A request
 * whose peer is a trusted proxy ({@code platform.auth.trusted-proxies}, the ingress) counts as
 * coming from the last address of its {@code X-Forwarded-For}: the one that proxy appended or
 * set. Earlier entries were written by the client and are never believed. Every other request,
 * and one whose last entry is not an IP address, counts as coming from its peer address.
 */
@ApplicationScoped
public class ClientAddresses {

    static final String FORWARDED_FOR = "X-Forwarded-For";

    private final List<AddressBlock> trusted;

    @Inject
    public ClientAddresses(AuthConfig config) {
        this(config.trustedProxies().orElse(List.of()));
    }

    ClientAddresses(List<String> trustedProxies) {
        List<AddressBlock> blocks = new ArrayList<>();
        for (String entry : trustedProxies) {
            if (!entry.isBlank()) {
                blocks.add(AddressBlock.parse("platform.auth.trusted-proxies", entry.strip()));
            }
        }
        this.trusted = List.copyOf(blocks);
    }

    public String of(RoutingContext context) {
        SocketAddress peer = context.request().remoteAddress();
        return of(
                peer == null ? null : peer.hostAddress(),
                context.request().headers().getAll(FORWARDED_FOR));
    }

    /** The client address given the peer's address and the X-Forwarded-For header lines, in order. */
    String of(String peer, List<String> forwardedFor) {
        if (peer == null || peer.isEmpty()) {
            return "unknown";
        }
        InetAddress peerAddress = literal(peer);
        if (peerAddress == null
                || trusted.isEmpty()
                || forwardedFor == null
                || forwardedFor.isEmpty()
                || trusted.stream().noneMatch(b -> b.contains(peerAddress))) {
            return peerAddress == null ? peer : peerAddress.getHostAddress();
        }
        String last = forwardedFor.get(forwardedFor.size() - 1);
        String client = last.substring(last.lastIndexOf(',') + 1).strip();
        InetAddress address = literal(client);
        return address == null ? peerAddress.getHostAddress() : address.getHostAddress();
    }

    /** An IP literal as an address, or null (never a name lookup). */
    static InetAddress literal(String text) {
        return AddressBlock.literal(text);
    }
}
