package org.courseplatform.platform.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;
import java.util.function.Supplier;
import org.courseplatform.platform.web.ApiException;

/**
 * Writes that happen once per {@code Idempotency-Key}: the key's row is inserted before the write
 * and completed with its answer after it, both in the write's own transaction. So the row exists
 * exactly when the write committed, whatever crashed where: a retry of a write that committed
 * (its answer lost to a killed replica, a timeout, a reset connection) gets the first answer; a
 * retry of one that did not runs it. Two requests with one key at once: the second's insert waits
 * for the first's transaction and then answers what it committed.
 *
 * <p>Only answers that succeeded are kept: a write that failed rolled back and left the key free.
 * A key belongs to one caller and one request (method, path, parameters); the same key with
 * another request is refused with 422. Keys are kept {@link #RETENTION_HOURS} hours.
 */
@ApplicationScoped
public class IdempotentRequests {

    /** The request header (the IETF httpapi draft's name, as Stripe's and others'). */
    public static final String HEADER = "Idempotency-Key";

    /** Set on an answer that was kept from an earlier request with the same key. */
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";

    /** What the OpenAPI documents say of the header on every operation that takes it. */
    public static final String HEADER_DESCRIPTION = "Optional. A key of 1 to 255 visible ASCII characters (a UUID"
            + " is a good one) that makes this write happen once: a repeat with the key, by the same caller within"
            + " 24 hours, answers the first result again (with Idempotent-Replayed: true) instead of writing twice;"
            + " the key with another request is refused with 422. Only successful writes keep their key.";

    static final int RETENTION_HOURS = 24;
    static final int MAX_KEY_LENGTH = 255;

    /** A kept answer: its status (0: the operation's own), its Location ("" for none), its JSON body ("" for none). */
    public record Answer(int status, String location, String body) {}

    private record Kept(String fingerprint, int status, String location, String body) {}

    private static final String CLAIM =
            "insert into idempotency_key as k (caller, key, fingerprint) values (?1, ?2, ?3)"
                    + " on conflict (caller, key) do update set fingerprint = excluded.fingerprint, status = null,"
                    + " location = null, body = null, created_at = now()"
                    + " where k.created_at < now() - make_interval(hours => " + RETENTION_HOURS + ")";
    private static final String COMPLETE =
            "update idempotency_key set status = ?3, location = ?4, body = ?5 where caller = ?1 and key = ?2";
    private static final String FIND = "select json_build_object('fingerprint', fingerprint, 'status', status,"
            + " 'location', location, 'body', body)::text from idempotency_key where caller = ?1 and key = ?2";
    private static final String PURGE =
            "delete from idempotency_key where created_at < now() - make_interval(hours => " + RETENTION_HOURS + ")";

    private final ObjectMapper mapper;
    private final Pool pool;

    public IdempotentRequests(ObjectMapper mapper, Pool pool) {
        this.mapper = mapper;
        this.pool = pool;
    }

    /** The key as sent, or a 400 for one that is empty, too long or not visible ASCII. */
    public static String validKey(String key) {
        if (key.isEmpty() || key.length() > MAX_KEY_LENGTH || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ApiException.invalid(
                    HEADER, "must be 1 to " + MAX_KEY_LENGTH + " visible ASCII characters (a UUID is a good key)");
        }
        return key;
    }

    /**
     * Runs {@code write} in a transaction with the key's row, or answers what the first request
     * with this key answered ({@code replay}, given the kept answer) when it committed.
     *
     * @param fingerprint what identifies the request (method, path, parameters)
     * @param encode what of the write's result is kept
     * @param replay the result to answer again, from the kept answer
     */
    public <T> Uni<T> once(
            String caller,
            String key,
            String fingerprint,
            Supplier<Uni<T>> write,
            Function<T, Answer> encode,
            Function<Answer, T> replay) {
        return Panache.withTransaction(() -> Panache.getSession()
                .chain(session -> session.createNativeQuery(CLAIM)
                        .setParameter(1, caller)
                        .setParameter(2, key)
                        .setParameter(3, fingerprint)
                        .executeUpdate()
                        .chain(claimed -> claimed == 1
                                ? write.get().call(result -> {
                                    Answer answer = encode.apply(result);
                                    return session.createNativeQuery(COMPLETE)
                                            .setParameter(1, caller)
                                            .setParameter(2, key)
                                            .setParameter(3, answer.status())
                                            .setParameter(4, answer.location())
                                            .setParameter(5, answer.body())
                                            .executeUpdate();
                                })
                                : session.createNativeQuery(FIND, String.class)
                                        .setParameter(1, caller)
                                        .setParameter(2, key)
                                        .getSingleResult()
                                        .map(json -> replay.apply(kept(json, fingerprint, key))))));
    }

    private Answer kept(String json, String fingerprint, String key) {
        Kept kept;
        try {
            kept = mapper.readValue(json, Kept.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Unreadable idempotency record for key " + key, e);
        }
        if (!kept.fingerprint().equals(fingerprint)) {
            throw ApiException.unprocessable("This Idempotency-Key was used for another request in the last "
                    + RETENTION_HOURS + " hours; use a new key for a new request");
        }
        Log.debugf("Answering the kept result of idempotency key %s", key);
        return new Answer(kept.status(), kept.location(), kept.body());
    }

    @Scheduled(every = "1h", delayed = "2m")
    Uni<Void> purge() {
        return pool.query(PURGE)
                .execute()
                .replaceWithVoid()
                .onFailure()
                .invoke(e -> Log.warnf("Idempotency key purge failed: %s", e.getMessage()))
                .onFailure()
                .recoverWithNull();
    }
}
