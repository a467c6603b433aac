package org.courseplatform.members.keycloak;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Deletes dynamically registered Keycloak clients that nobody uses. Anonymous registration is open
 * (MCP clients register themselves) and the realm caps registered clients at 1,000, so clients
 * registered and never used, by accident or to fill the cap, would otherwise block every new MCP
 * client for good. A registered client (Keycloak names those by a random UUID) with no online or
 * offline session for {@code platform.keycloak.unused-client-after} (1 day) is deleted; the
 * realm's own clients are never touched. Runs hourly.
 */
@ApplicationScoped
public class KeycloakClientJanitor {

    static final int PAGE = 100;
    static final int MAX_PAGES = 30;
    private static final Pattern REGISTERED =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private final KeycloakAdmin admin;
    private final KeycloakConfig config;
    private final KeycloakRepository idle;

    public KeycloakClientJanitor(KeycloakAdmin admin, KeycloakConfig config, KeycloakRepository idle) {
        this.admin = admin;
        this.config = config;
        this.idle = idle;
    }

    @Scheduled(every = "1h", delayed = "2m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        if (!admin.enabled()) {
            return Uni.createFrom().voidItem();
        }
        return sweep().invoke(deleted -> {
                    if (deleted > 0) {
                        Log.infof(
                                "Keycloak: deleted %d registered clients unused for %s",
                                deleted, config.unusedClientAfter());
                    }
                })
                .onFailure()
                .invoke(e -> Log.warnf("Keycloak client sweep stopped (next run in 1 h): %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** One pass over the realm's clients; answers how many were deleted. */
    Uni<Integer> sweep() {
        return registered(0, new ArrayList<>()).chain(clients -> {
            Uni<Integer> chain = Uni.createFrom().item(0);
            for (KeycloakApi.Client client : clients) {
                chain = chain.chain(done -> check(client).map(deleted -> deleted ? done + 1 : done));
            }
            return chain.call(() -> idle.keepIdleOnly(
                    clients.stream().map(KeycloakApi.Client::clientId).toList()));
        });
    }

    private Uni<Boolean> check(KeycloakApi.Client client) {
        return admin.sessions(client.id()).chain(sessions -> {
            if (sessions > 0) {
                return idle.forgetIdle(client.clientId()).replaceWith(false);
            }
            return idle.idle(client.clientId(), config.unusedClientAfter()).chain(expired -> {
                if (!expired) {
                    return Uni.createFrom().item(false);
                }
                Log.debugf("Keycloak: deleting registered client %s (no session)", client.clientId());
                return admin.deleteClient(client.id())
                        .call(() -> idle.forgetIdle(client.clientId()))
                        .replaceWith(true);
            });
        });
    }

    private Uni<List<KeycloakApi.Client>> registered(int page, List<KeycloakApi.Client> found) {
        return admin.clients(page * PAGE, PAGE).chain(clients -> {
            clients.stream()
                    .filter(c -> c.clientId() != null
                            && REGISTERED.matcher(c.clientId()).matches())
                    .forEach(found::add);
            return clients.size() < PAGE || page + 1 >= MAX_PAGES
                    ? Uni.createFrom().item(found)
                    : registered(page + 1, found);
        });
    }
}
