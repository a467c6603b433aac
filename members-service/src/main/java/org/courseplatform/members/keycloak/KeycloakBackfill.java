package org.courseplatform.members.keycloak;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Provisions the users that member-events never brought to Keycloak: those that existed before
 * provisioning was turned on (or before Keycloak existed), any whose sync failed for good, and any
 * last synced under older provisioning rules ({@link KeycloakProvisioning#VERSION}). Runs
 * shortly after start and then every few minutes; once everyone is provisioned a run is one query.
 */
@ApplicationScoped
public class KeycloakBackfill {

    static final int PAGE = 100;
    private final KeycloakRepository repository;
    private final KeycloakProvisioning provisioning;

    public KeycloakBackfill(KeycloakRepository repository, KeycloakProvisioning provisioning) {
        this.repository = repository;
        this.provisioning = provisioning;
    }

    void onStart(@Observes StartupEvent event) {
        if (!provisioning.enabled()) {
            Log.info(
                    "Keycloak provisioning is off (platform.keycloak.url and platform.keycloak.client-secret are not set)");
        }
    }

    @Scheduled(every = "5m", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> run() {
        if (!provisioning.enabled()) {
            return Uni.createFrom().voidItem();
        }
        return page(0L, 0)
                .invoke(count -> {
                    if (count > 0) {
                        Log.infof("Keycloak backfill: provisioned %d users", count);
                    }
                })
                .onFailure()
                .invoke(e -> Log.warnf("Keycloak backfill stopped (next run in 5 min): %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Provisions the pending users after {@code afterId}, a page at a time, each user in its own transaction. */
    private Uni<Integer> page(long afterId, int done) {
        return repository.pending(afterId, PAGE, KeycloakProvisioning.VERSION).chain(ids -> {
            if (ids.isEmpty()) {
                return Uni.createFrom().item(done);
            }
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (long id : ids) {
                chain = chain.chain(() -> repository.inTransaction(connection -> provisioning.sync(connection, id)));
            }
            return chain.chain(() -> page(ids.get(ids.size() - 1), done + ids.size()));
        });
    }
}
