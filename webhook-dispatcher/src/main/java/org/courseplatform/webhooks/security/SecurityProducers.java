package org.courseplatform.webhooks.security;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.List;
import org.courseplatform.webhooks.WebhooksConfig;

/** The address policy, built once from {@code webhooks.allowed-addresses}. */
@ApplicationScoped
public class SecurityProducers {

    @Produces
    @Singleton
    AddressPolicy addressPolicy(WebhooksConfig config) {
        return new AddressPolicy(config.allowedAddresses().orElse(List.of()));
    }
}
