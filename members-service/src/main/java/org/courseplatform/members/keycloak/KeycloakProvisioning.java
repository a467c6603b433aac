package org.courseplatform.members.keycloak;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Brings a user's Keycloak account in step with what members-service knows, whatever event caused
 * it: the account exists while the user has a membership (deleted when none is left), is enabled
 * while one of them is active (disabled and signed out otherwise), its username and email are the
 * user's email in lower case, its names those of the most recent active membership, its attribute
 * {@code platform_user_id} the user's id. The password hash is imported when the account is created.
 *
 * <p>The email is never marked verified here: a workspace chose it, and the password with it. Only
 * the person's own reset by email link (Keycloak's "Forgot password?") verifies it, and an update
 * leaves Keycloak's flag as it is. agent-gateway lets an unverified account act only in the
 * workspace that chose its password ({@code password_workspace_id}). Accounts of an older version
 * ({@link #VERSION}) are marked unverified once. Idempotent: a repeated or late sync converges on
 * the current state.
 */
@ApplicationScoped
public class KeycloakProvisioning {

    /**
     * The provisioning rules an account is in step with: 2 stopped marking emails verified. An
     * account synced under an older version is marked unverified at its next sync.
     */
    static final int VERSION = 2;

    private final KeycloakAdmin admin;
    private final KeycloakRepository repository;

    public KeycloakProvisioning(KeycloakAdmin admin, KeycloakRepository repository) {
        this.admin = admin;
        this.repository = repository;
    }

    public boolean enabled() {
        return admin.enabled();
    }

    /** Syncs each user in turn on {@code client} (the caller's transaction). */
    public Uni<Void> syncAll(SqlClient client, List<Long> userIds) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (long id : userIds) {
            chain = chain.chain(() -> sync(client, id));
        }
        return chain;
    }

    public Uni<Void> sync(SqlClient client, long userId) {
        return repository.state(client, userId).chain(found -> {
            if (found.isEmpty()) {
                Log.debugf("Keycloak: user %d does not exist here; nothing to provision", userId);
                return Uni.createFrom().voidItem();
            }
            KeycloakRepository.UserState user = found.get();
            String username = user.email().toLowerCase(Locale.ROOT);
            Uni<Void> applied = user.memberships() == 0 ? remove(userId, username) : upsert(userId, username, user);
            return applied.chain(() -> repository.markProvisioned(client, userId, VERSION));
        });
    }

    private Uni<Void> upsert(long userId, String username, KeycloakRepository.UserState user) {
        boolean active = user.active();
        // Null leaves Keycloak's flag alone: the person may have verified it by a reset link since.
        Boolean unverifiedOnce = user.version() < VERSION ? Boolean.FALSE : null;
        KeycloakApi.User desired = new KeycloakApi.User(
                null,
                username,
                username,
                unverifiedOnce,
                active,
                name(user.firstname(), username),
                name(user.lastname(), username),
                Map.of("platform_user_id", List.of(Long.toString(userId))),
                null);
        return admin.findByUsername(username).chain(found -> {
            if (found.isPresent()) {
                return update(userId, found.get().id(), desired, active);
            }
            KeycloakApi.User created = withCredentials(unverified(desired), user.passwordHash());
            return admin.create(created).chain(done -> {
                if (done) {
                    Log.debugf(
                            "Keycloak: created user %d (%s, enabled %s, password %s)",
                            userId, username, active, created.credentials() != null);
                    return Uni.createFrom().voidItem();
                }
                // Created meanwhile (a retry after a lost answer): bring that one in step.
                return admin.findByUsername(username)
                        .chain(again -> again.isPresent()
                                ? update(userId, again.get().id(), desired, active)
                                : Uni.createFrom()
                                        .failure(new IllegalStateException("Keycloak refused user " + userId
                                                + " as a duplicate but has no user " + username)));
            });
        });
    }

    private Uni<Void> update(long userId, String id, KeycloakApi.User desired, boolean active) {
        Uni<Void> updated = admin.update(id, desired);
        if (!active) {
            // Disabled users cannot refresh; their sessions end now, not at the next refresh.
            updated = updated.chain(() -> admin.logout(id));
        }
        return updated.invoke(() ->
                Log.debugf("Keycloak: updated user %d (enabled %s)", Long.valueOf(userId), Boolean.valueOf(active)));
    }

    private Uni<Void> remove(long userId, String username) {
        return admin.findByUsername(username)
                .chain(found -> found.isEmpty()
                        ? Uni.createFrom().voidItem()
                        : admin.delete(found.get().id())
                                .invoke(() -> Log.debugf("Keycloak: deleted user %d (no membership left)", userId)));
    }

    private static KeycloakApi.User unverified(KeycloakApi.User user) {
        return new KeycloakApi.User(
                user.id(),
                user.username(),
                user.email(),
                false,
                user.enabled(),
                user.firstName(),
                user.lastName(),
                user.attributes(),
                user.credentials());
    }

    private static KeycloakApi.User withCredentials(KeycloakApi.User user, String passwordHash) {
        return KeycloakCredentials.fromPlatformHash(passwordHash)
                .map(c -> new KeycloakApi.User(
                        user.id(),
                        user.username(),
                        user.email(),
                        user.emailVerified(),
                        user.enabled(),
                        user.firstName(),
                        user.lastName(),
                        user.attributes(),
                        List.of(c)))
                .orElse(user);
    }

    /** A profile name, or null when unknown (members-service defaults the first name to the email). */
    private static String name(String value, String email) {
        if (value == null || value.isBlank() || value.strip().equalsIgnoreCase(email)) {
            return null;
        }
        return value.strip();
    }
}
