package org.courseplatform.members.keycloak;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
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

    /** The user and a summary of their memberships (names of the most recent active one first). */
    private static final String STATE = """
            select u.email, u.password_hash, count(m.user_id) as memberships,
                   coalesce((select k.version from keycloak_provisioned k where k.user_id = u.id), 0) as version,
                   coalesce(bool_or(m.state = 'active'), false) as active,
                   (array_agg(m.firstname order by m.state = 'active' desc, m.added_at desc))[1] as firstname,
                   (array_agg(m.lastname order by m.state = 'active' desc, m.added_at desc))[1] as lastname
              from app_user u left join membership m on m.user_id = u.id
             where u.id = $1
             group by u.id""";

    /**
     * The provisioning rules an account is in step with: 2 stopped marking emails verified. An
     * account synced under an older version is marked unverified at its next sync.
     */
    static final int VERSION = 2;

    private static final String MARK = "insert into keycloak_provisioned (user_id, version) values ($1, $2)"
            + " on conflict (user_id) do update set synced_at = now(), version = excluded.version";

    private final KeycloakAdmin admin;

    public KeycloakProvisioning(KeycloakAdmin admin) {
        this.admin = admin;
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
        return client.preparedQuery(STATE).execute(Tuple.of(userId)).chain(rows -> {
            RowIterator<Row> it = rows.iterator();
            if (!it.hasNext()) {
                Log.debugf("Keycloak: user %d does not exist here; nothing to provision", userId);
                return Uni.createFrom().voidItem();
            }
            Row row = it.next();
            String username = row.getString("email").toLowerCase(Locale.ROOT);
            Uni<Void> applied =
                    row.getLong("memberships") == 0 ? remove(userId, username) : upsert(userId, username, row);
            return applied.chain(() -> client.preparedQuery(MARK).execute(Tuple.of(userId, VERSION)))
                    .replaceWithVoid();
        });
    }

    private Uni<Void> upsert(long userId, String username, Row row) {
        boolean active = row.getBoolean("active");
        // Null leaves Keycloak's flag alone: the person may have verified it by a reset link since.
        Boolean unverifiedOnce = row.getInteger("version") < VERSION ? Boolean.FALSE : null;
        KeycloakApi.User desired = new KeycloakApi.User(
                null,
                username,
                username,
                unverifiedOnce,
                active,
                name(row.getString("firstname"), username),
                name(row.getString("lastname"), username),
                Map.of("platform_user_id", List.of(Long.toString(userId))),
                null);
        return admin.findByUsername(username).chain(found -> {
            if (found.isPresent()) {
                return update(userId, found.get().id(), desired, active);
            }
            KeycloakApi.User created = withCredentials(unverified(desired), row.getString("password_hash"));
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
