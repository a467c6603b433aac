package org.courseplatform.members.keycloak;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The SQL of keeping Keycloak in step: what a user's account should be, which users are provisioned
 * under which rules ({@code keycloak_provisioned}), the password-link throttle on {@code app_user}
 * and the registered clients seen idle ({@code keycloak_idle_client}). Statements that belong to a
 * caller's transaction take its {@link SqlClient}.
 */
@ApplicationScoped
public class KeycloakRepository {

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

    private static final String MARK = "insert into keycloak_provisioned (user_id, version) values ($1, $2)"
            + " on conflict (user_id) do update set synced_at = now(), version = excluded.version";

    private static final String PENDING = """
            select u.id from app_user u
             where exists (select 1 from membership m where m.user_id = u.id)
               and not exists (select 1 from keycloak_provisioned k
                                where k.user_id = u.id and k.version >= $3)
               and u.id > $1
             order by u.id limit $2""";

    private static final String CLAIM_PASSWORD_LINK = """
            update app_user set password_link_sent_at = now()
             where id = $1
               and (password_link_sent_at is null or password_link_sent_at < now() - interval '10 minutes')
            returning email""";

    private static final String SEEN_IDLE = """
            insert into keycloak_idle_client (client_id) values ($1)
                on conflict (client_id) do update set client_id = excluded.client_id
            returning idle_since <= now() - make_interval(secs => $2)""";

    /**
     * What a user's account should be: email, password hash, how many memberships, the rules
     * version the account was last synced under (0: never), whether a membership is active, and
     * the names of the most recent active membership.
     */
    public record UserState(
            String email,
            String passwordHash,
            long memberships,
            int version,
            boolean active,
            String firstname,
            String lastname) {}

    private final Pool pool;

    public KeycloakRepository(Pool pool) {
        this.pool = pool;
    }

    /** The user's state on {@code client} (the caller's transaction), or empty when the user does not exist. */
    Uni<Optional<UserState>> state(SqlClient client, long userId) {
        return client.preparedQuery(STATE).execute(Tuple.of(userId)).map(rows -> {
            RowIterator<Row> it = rows.iterator();
            if (!it.hasNext()) {
                return Optional.empty();
            }
            Row row = it.next();
            return Optional.of(new UserState(
                    row.getString("email"),
                    row.getString("password_hash"),
                    row.getLong("memberships"),
                    row.getInteger("version"),
                    row.getBoolean("active"),
                    row.getString("firstname"),
                    row.getString("lastname")));
        });
    }

    /** Records that the user's account is in step with rules {@code version}, on {@code client}. */
    Uni<Void> markProvisioned(SqlClient client, long userId, int version) {
        return client.preparedQuery(MARK).execute(Tuple.of(userId, version)).replaceWithVoid();
    }

    /** Up to {@code limit} users after {@code afterId}, in id order, with a membership and not provisioned under {@code version}. */
    Uni<List<Long>> pending(long afterId, int limit, int version) {
        return pool.preparedQuery(PENDING)
                .execute(Tuple.of(afterId, limit, version))
                .map(rows -> {
                    List<Long> ids = new ArrayList<>();
                    for (Row row : rows) {
                        ids.add(row.getLong(0));
                    }
                    return ids;
                });
    }

    /** Runs {@code work} in a transaction of its own. */
    <T> Uni<T> inTransaction(Function<SqlClient, Uni<T>> work) {
        return pool.withTransaction(work::apply);
    }

    /**
     * Takes the user's password-link turn (one in ten minutes): the user's email, or empty when a
     * link was sent in the last ten minutes or the user does not exist.
     */
    Uni<Optional<String>> claimPasswordLink(long userId) {
        return pool.preparedQuery(CLAIM_PASSWORD_LINK).execute(Tuple.of(userId)).map(rows -> {
            RowIterator<Row> it = rows.iterator();
            return it.hasNext() ? Optional.of(it.next().getString("email")) : Optional.empty();
        });
    }

    /** Gives the turn back: the link was not sent. */
    Uni<Void> releasePasswordLink(long userId) {
        return pool.preparedQuery("update app_user set password_link_sent_at = null where id = $1")
                .execute(Tuple.of(userId))
                .replaceWithVoid();
    }

    /** Records the client as idle (from now, unless it already was); true when idle for longer than {@code limit}. */
    Uni<Boolean> idle(String clientId, Duration limit) {
        return pool.preparedQuery(SEEN_IDLE)
                .execute(Tuple.of(clientId, (double) limit.toSeconds()))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    /** The client has a session, or is gone: it is not idle. */
    Uni<Void> forgetIdle(String clientId) {
        return pool.preparedQuery("delete from keycloak_idle_client where client_id = $1")
                .execute(Tuple.of(clientId))
                .replaceWithVoid();
    }

    /** Forgets the idle clients that no longer exist. */
    Uni<Void> keepIdleOnly(List<String> clientIds) {
        return pool.preparedQuery("delete from keycloak_idle_client where client_id <> all($1)")
                .execute(Tuple.of(clientIds.toArray(String[]::new)))
                .replaceWithVoid();
    }
}
