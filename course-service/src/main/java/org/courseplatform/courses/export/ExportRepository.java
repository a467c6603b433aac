package org.courseplatform.courses.export;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;

/** The SQL of dynamic SCORM packages and their LMS learners, through the current reactive session. */
@ApplicationScoped
public class ExportRepository {

    private static final String INSERT = """
            insert into scorm_export (export_id, workspace_id, course_id, client_identifier, test_mode, expires_at, created_at)
            values (?1, ?2, ?3, cast(?4 as text), ?5, ?6, ?7) on conflict (export_id) do nothing""";
    private static final String COLUMNS =
            "export_id, workspace_id, course_id, revoked_at is not null, expires_at <= now() from scorm_export";
    private static final String FIND = "select " + COLUMNS + " where export_id = ?1";
    /** New learners of one package queue on its row, so the hourly bound is exact under concurrent launches. */
    private static final String LOCK = FIND + " for update";

    private static final String REVOKE = """
            update scorm_export set revoked_at = coalesce(revoked_at, now())
            where export_id = ?1 and course_id = ?2""";
    private static final String LEARNER = """
            select record from scorm_export_learner where export_id = ?1 and key_hash = ?2 and learner_id = ?3""";
    private static final String ADD_LEARNER = """
            insert into scorm_export_learner (export_id, learner_id, record, key_hash) values (?1, ?2, ?3, ?4)""";
    /** New learners in the last hour, and the seconds until the oldest of them leaves the hour. */
    private static final String RECENT = """
            select count(*), coalesce(ceil(extract(epoch from min(created_at) + interval '1 hour' - now())), 0)
            from scorm_export_learner where export_id = ?1 and created_at > now() - interval '1 hour'""";

    /** The course's narration recordings: screen, audio token and object key. */
    private static final String NARRATION = """
            select screen_id, audio_token, audio_key from narration_script
            where course_id = ?1 and audio_token is not null and audio_key is not null order by screen_id""";

    /** Which of the given library tokens are media of the workspace. */
    private static final String OWNED_MEDIA = """
            select token from media where workspace_id = ?1 and token = any(cast(?2 as text[]))""";

    /** A package's row as a launch needs it. */
    record Found(String exportId, long workspaceId, long courseId, boolean revoked, boolean expired) {}

    /** Learners let in during the last hour, and when (in seconds) the oldest of them stops counting. */
    record Recent(long count, long secondsUntilOldestLeaves) {}

    /** Records a package; nothing when its row exists already. */
    Uni<Void> insert(
            String exportId,
            long workspaceId,
            long courseId,
            String clientIdentifier,
            boolean testMode,
            OffsetDateTime expiresAt,
            OffsetDateTime createdAt) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(INSERT)
                        .setParameter(1, exportId)
                        .setParameter(2, workspaceId)
                        .setParameter(3, courseId)
                        .setParameter(4, clientIdentifier)
                        .setParameter(5, testMode)
                        .setParameter(6, expiresAt)
                        .setParameter(7, createdAt)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** The package, or null; {@code lock} takes its row until the transaction ends. */
    Uni<Found> find(String exportId, boolean lock) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(lock ? LOCK : FIND, Object[].class)
                        .setParameter(1, exportId)
                        .getResultList())
                .map(rows -> {
                    if (rows.isEmpty()) {
                        return null;
                    }
                    Object[] r = rows.get(0);
                    return new Found((String) r[0], num(r[1]), num(r[2]), (Boolean) r[3], (Boolean) r[4]);
                });
    }

    /** Revokes the package of that course (again: no change); false when the course has no such package. */
    Uni<Boolean> revoke(String exportId, long courseId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(REVOKE)
                        .setParameter(1, exportId)
                        .setParameter(2, courseId)
                        .executeUpdate())
                .map(n -> n > 0);
    }

    /** The record of the learner whose key hashes to {@code keyHash}, when it belongs to that LMS learner id; else null. */
    Uni<String> record(String exportId, String keyHash, String learnerId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(LEARNER, String.class)
                        .setParameter(1, exportId)
                        .setParameter(2, keyHash)
                        .setParameter(3, learnerId)
                        .getResultList())
                .map(rows -> rows.isEmpty() ? null : rows.get(0));
    }

    Uni<Void> addLearner(String exportId, String learnerId, String record, String keyHash) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(ADD_LEARNER)
                        .setParameter(1, exportId)
                        .setParameter(2, learnerId)
                        .setParameter(3, record)
                        .setParameter(4, keyHash)
                        .executeUpdate())
                .replaceWithVoid();
    }

    Uni<Recent> recent(String exportId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(RECENT, Object[].class)
                        .setParameter(1, exportId)
                        .getSingleResult())
                .map(r -> new Recent(num(r[0]), num(r[1])));
    }

    private static long num(Object value) {
        return ((Number) value).longValue();
    }

    /** The narration audio of a course, for a static package to carry. */
    Uni<java.util.List<PackageMedia.Narration>> narration(long courseId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(NARRATION, Object[].class)
                        .setParameter(1, courseId)
                        .getResultList())
                .map(rows -> rows.stream()
                        .map(r -> new PackageMedia.Narration((String) r[0], (String) r[1], (String) r[2]))
                        .toList());
    }

    /** The tokens among {@code tokens} of the workspace's own media (a static package packs only these). */
    Uni<java.util.Set<String>> ownedMedia(long workspaceId, java.util.Set<String> tokens) {
        if (tokens.isEmpty()) {
            return Uni.createFrom().item(java.util.Set.of());
        }
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(OWNED_MEDIA, String.class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, tokens.toArray(String[]::new))
                        .getResultList())
                .map(java.util.Set::copyOf);
    }
}
