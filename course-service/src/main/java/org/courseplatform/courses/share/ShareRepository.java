package org.courseplatform.courses.share;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.platform.web.Paged;

/** The SQL of share links, through the current reactive session. */
@ApplicationScoped
public class ShareRepository {

    private static final String ISO = "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'";
    private static final String COLUMNS = """
            id, course_id, code_hint, to_char(expires_at at time zone 'UTC', %1$s), max_uses, uses, revoked_at is not null,
                to_char(created_at at time zone 'UTC', %1$s)""".formatted(ISO);
    private static final String INSERT = """
            insert into share_link (workspace_id, course_id, client_identifier, code_hash, code_hint, test_mode, expires_at, max_uses)
            values (?1, ?2, cast(?3 as text), ?4, ?5, ?6, ?7, cast(?8 as integer))""" + " returning " + COLUMNS;
    private static final String LIST =
            "select " + COLUMNS + " from share_link where course_id = ?1 order by id limit ?2 offset ?3";
    private static final String COUNT = "select count(*) from share_link where course_id = ?1";
    private static final String COURSE_OF = "select course_id from share_link where id = ?1";
    private static final String REVOKE = "update share_link set revoked_at = coalesce(revoked_at, now()) where id = ?1";
    private static final String BY_CODE = """
            select id, workspace_id, course_id, client_identifier, test_mode, expires_at <= now(), revoked_at is not null,
                max_uses is not null and uses >= max_uses
            from share_link where code_hash = ?1""";
    private static final String KNOWN = "select count(*) from share_link_learner where link_id = ?1 and learner = ?2";
    /** One more learner, only while the link is open and under its limit: concurrent opens queue on the row. */
    private static final String USE = """
            update share_link set uses = uses + 1
            where id = ?1 and revoked_at is null and expires_at > now() and (max_uses is null or uses < max_uses)""";

    private static final String ADD_LEARNER = "insert into share_link_learner (link_id, learner) values (?1, ?2)";

    /** A link as the exchange needs it; the three flags say whether (and why) it is closed now. */
    record Found(
            long id,
            long workspaceId,
            long courseId,
            String clientIdentifier,
            boolean testMode,
            boolean expired,
            boolean revoked,
            boolean usedUp) {}

    Uni<ShareViews.Link> insert(
            long workspaceId,
            long courseId,
            String clientIdentifier,
            String codeHash,
            String codeHint,
            boolean testMode,
            OffsetDateTime expiresAt,
            Integer maxUses,
            String url) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(INSERT, Object[].class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, courseId)
                        .setParameter(3, clientIdentifier)
                        .setParameter(4, codeHash)
                        .setParameter(5, codeHint)
                        .setParameter(6, testMode)
                        .setParameter(7, expiresAt)
                        .setParameter(8, maxUses)
                        .getSingleResult())
                .map(r -> link(r, url));
    }

    Uni<Paged<ShareViews.Link>> page(long courseId, int page, int length) {
        int size = Math.max(length, 1);
        int offset = Paged.start(page, length);
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(COUNT, Long.class)
                        .setParameter(1, courseId)
                        .getSingleResult()
                        .chain(total -> length == 0
                                ? Uni.createFrom().item(new Paged<ShareViews.Link>(List.of(), num(total)))
                                : s.createNativeQuery(LIST, Object[].class)
                                        .setParameter(1, courseId)
                                        .setParameter(2, size)
                                        .setParameter(3, offset)
                                        .getResultList()
                                        .map(rows -> new Paged<>(
                                                rows.stream()
                                                        .map(r -> link(r, null))
                                                        .toList(),
                                                num(total)))));
    }

    /** The course of the link, or null when there is no such link. */
    Uni<Long> courseOf(long linkId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(COURSE_OF, Long.class)
                        .setParameter(1, linkId)
                        .getResultList())
                .map(rows -> rows.isEmpty() ? null : num(rows.get(0)));
    }

    Uni<Void> revoke(long linkId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(REVOKE).setParameter(1, linkId).executeUpdate())
                .replaceWithVoid();
    }

    /** The link whose code hashes to {@code codeHash}, or null. */
    Uni<Found> byCode(String codeHash) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(BY_CODE, Object[].class)
                        .setParameter(1, codeHash)
                        .getResultList())
                .map(rows -> {
                    if (rows.isEmpty()) {
                        return null;
                    }
                    Object[] r = rows.get(0);
                    return new Found(
                            num(r[0]),
                            num(r[1]),
                            num(r[2]),
                            (String) r[3],
                            (Boolean) r[4],
                            (Boolean) r[5],
                            (Boolean) r[6],
                            (Boolean) r[7]);
                });
    }

    Uni<Boolean> known(long linkId, String learner) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(KNOWN, Long.class)
                        .setParameter(1, linkId)
                        .setParameter(2, learner)
                        .getSingleResult())
                .map(n -> num(n) > 0);
    }

    /** Counts a new learner and records them; false (nothing written) when the link closed meanwhile. */
    Uni<Boolean> use(long linkId, String learner) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(USE)
                        .setParameter(1, linkId)
                        .executeUpdate()
                        .chain(n -> n == 0
                                ? Uni.createFrom().item(false)
                                : s.createNativeQuery(ADD_LEARNER)
                                        .setParameter(1, linkId)
                                        .setParameter(2, learner)
                                        .executeUpdate()
                                        .map(x -> true)));
    }

    private static ShareViews.Link link(Object[] r, String url) {
        return new ShareViews.Link(
                num(r[0]),
                num(r[1]),
                url,
                (String) r[2],
                (String) r[3],
                r[4] == null ? null : (int) num(r[4]),
                (int) num(r[5]),
                (Boolean) r[6],
                (String) r[7]);
    }

    static long num(Object value) {
        return ((Number) value).longValue();
    }
}
