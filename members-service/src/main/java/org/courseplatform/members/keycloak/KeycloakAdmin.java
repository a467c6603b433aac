package org.courseplatform.members.keycloak;

import io.quarkus.logging.Log;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.net.URI;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * Keycloak's admin REST API as the service account of the realm's client {@code members-service}
 * (realm-management manage-users, and manage-clients for {@link KeycloakClientJanitor}). Its token is kept until shortly before it expires; calls time
 * out and are retried briefly (a 401 drops the token, so the retry gets a fresh one).
 */
@ApplicationScoped
public class KeycloakAdmin {

    private final KeycloakConfig config;
    private final KeycloakApi api;
    private volatile String token;
    private volatile long tokenValidUntil;

    public KeycloakAdmin(KeycloakConfig config) {
        this.config = config;
        this.api = config.enabled()
                ? QuarkusRestClientBuilder.newBuilder()
                        .baseUri(URI.create(config.url().orElseThrow()))
                        .connectTimeout(3, TimeUnit.SECONDS)
                        .readTimeout(10, TimeUnit.SECONDS)
                        .build(KeycloakApi.class)
                : null;
    }

    public boolean enabled() {
        return api != null;
    }

    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Optional<KeycloakApi.User>> findByUsername(String username) {
        return bearer().chain(auth -> api.byUsername(auth, config.realm(), username, true))
                .map(users -> users.stream()
                        .filter(u -> username.equalsIgnoreCase(u.username()))
                        .findFirst())
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    /** Creates the user; false when one with this username or email exists already (409). */
    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Boolean> create(KeycloakApi.User user) {
        return bearer().chain(auth -> api.create(auth, config.realm(), user))
                .replaceWith(true)
                .onFailure(e -> status(e) == 409)
                .recoverWithItem(false)
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Void> update(String id, KeycloakApi.User user) {
        return bearer().chain(auth -> api.update(auth, config.realm(), id, user))
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Void> logout(String id) {
        return bearer().chain(auth -> api.logout(auth, config.realm(), id))
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    /** Deletes the user; a user already gone is no failure. */
    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Void> delete(String id) {
        return bearer().chain(auth -> api.delete(auth, config.realm(), id))
                .onFailure(e -> status(e) == 404)
                .recoverWithNull()
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    /** Mails the user a link to choose a password of their own, valid for {@code lifespanSeconds}. */
    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Void> mailPasswordLink(String id, int lifespanSeconds) {
        return bearer().chain(auth ->
                        api.executeActionsEmail(auth, config.realm(), id, lifespanSeconds, List.of("UPDATE_PASSWORD")))
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    /** A page of the realm's clients. */
    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<List<KeycloakApi.Client>> clients(int first, int max) {
        return bearer().chain(auth -> api.clients(auth, config.realm(), first, max))
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    /** The client's user sessions, online and offline. */
    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Long> sessions(String id) {
        return bearer().chain(auth -> api.sessionCount(auth, config.realm(), id)
                        .chain(online -> api.offlineSessionCount(auth, config.realm(), id)
                                .map(offline -> online.count() + offline.count())))
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    /** Deletes the client; one already gone is no failure. */
    @Timeout(value = 15, unit = ChronoUnit.SECONDS)
    @Retry(maxRetries = 2, delay = 200, jitter = 100)
    public Uni<Void> deleteClient(String id) {
        return bearer().chain(auth -> api.deleteClient(auth, config.realm(), id))
                .onFailure(e -> status(e) == 404)
                .recoverWithNull()
                .onFailure()
                .invoke(this::dropTokenOn401);
    }

    private Uni<String> bearer() {
        String current = token;
        if (current != null && System.currentTimeMillis() < tokenValidUntil) {
            return Uni.createFrom().item(current);
        }
        return api.token(
                        config.realm(),
                        "client_credentials",
                        config.clientId(),
                        config.clientSecret().orElseThrow())
                .map(t -> {
                    String value = "Bearer " + t.accessToken();
                    // Renewed 30 s early (or at half its life when that is shorter).
                    long margin = Math.min(30, t.expiresIn() / 2);
                    tokenValidUntil = System.currentTimeMillis() + (t.expiresIn() - margin) * 1000;
                    token = value;
                    Log.debugf("Keycloak admin token for client %s, valid %d s", config.clientId(), t.expiresIn());
                    return value;
                });
    }

    private void dropTokenOn401(Throwable e) {
        if (status(e) == 401) {
            token = null;
        }
    }

    static int status(Throwable e) {
        return e instanceof WebApplicationException w && w.getResponse() != null
                ? w.getResponse().getStatus()
                : -1;
    }
}
