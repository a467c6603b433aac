package org.courseplatform.webhooks.endpoint;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;
import org.courseplatform.webhooks.security.AddressPolicy;

/**
 * The save-time check of an endpoint's host name: every address it resolves to must pass the
 * {@link AddressPolicy}, the rule the sender applies again at every attempt (DNS can change).
 * The answer never says which address or which kind of address was found, so the API is no
 * oracle for internal DNS. A name that does not resolve (yet) is accepted; sending reports it.
 * Lookups block, so they run on a worker thread.
 */
@ApplicationScoped
public class EndpointHosts {

    private final AddressPolicy policy;

    public EndpointHosts(AddressPolicy policy) {
        this.policy = policy;
    }

    /** Completes when {@code url} (as {@link EndpointUrls#normalise} stored it) may be saved; a 400 naming {@code url} otherwise. */
    public Uni<Void> requirePublic(String url) {
        String host = URI.create(url).getHost();
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (AddressPolicy.isLiteral(bare)) {
            return Uni.createFrom().voidItem(); // checked by EndpointUrls, naming the kind the client wrote
        }
        return Workers.call(() -> resolve(bare))
                .invoke(addresses -> {
                    for (InetAddress address : addresses) {
                        if (policy.refusal(address) != null) {
                            throw ApiException.invalid(
                                    "url", "resolves to a non-public address, which webhooks may not use");
                        }
                    }
                })
                .replaceWithVoid();
    }

    private static InetAddress[] resolve(String host) {
        try {
            return InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new InetAddress[0];
        }
    }
}
