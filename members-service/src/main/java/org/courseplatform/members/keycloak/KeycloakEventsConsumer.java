package org.courseplatform.members.keycloak;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashSet;
import java.util.List;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Reads members-service's own member-events in batches and provisions the users they name into
 * Keycloak, each batch in one transaction with its inbox claims: a failed Keycloak call rolls the
 * claims back, the batch is retried, and after the retries it goes to the dead-letter topic.
 */
@ApplicationScoped
public class KeycloakEventsConsumer {

    static final String KEYCLOAK_PROVISIONING = "keycloak-provisioning";

    private final Inbox inbox;
    private final Pool pool;
    private final KeycloakProvisioning provisioning;

    public KeycloakEventsConsumer(Inbox inbox, Pool pool, KeycloakProvisioning provisioning) {
        this.inbox = inbox;
        this.pool = pool;
        this.provisioning = provisioning;
    }

    @Incoming("keycloak-member-events")
    public Uni<Void> memberEvents(List<String> values) {
        if (!provisioning.enabled()) {
            // Off: nothing claimed, so nothing is lost; the backfill provisions everyone once it is on.
            return Uni.createFrom().voidItem();
        }
        return inbox.consumeBatch(
                pool,
                KEYCLOAK_PROVISIONING,
                values,
                e -> e.type().startsWith("member.")
                        && e.data() != null
                        && e.data().path("member").path("id").canConvertToLong(),
                (connection, fresh) -> {
                    LinkedHashSet<Long> users = new LinkedHashSet<>();
                    fresh.forEach(
                            e -> users.add(e.data().path("member").path("id").asLong()));
                    return provisioning.syncAll(connection, List.copyOf(users));
                });
    }
}
