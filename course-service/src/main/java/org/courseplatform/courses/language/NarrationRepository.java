package org.courseplatform.courses.language;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code narration_script} table. A script a person wrote ({@code edited}) is never replaced
 * by a generated one; changing a script drops its audio, which no longer says the same thing.
 */
@ApplicationScoped
public class NarrationRepository {

    private static final String COLUMNS =
            "screen_id, script, edited, audio_key, audio_mime, audio_token, voice, updated_at";
    private static final String LIST = "select " + COLUMNS + " from narration_script where course_id = $1";
    private static final String GENERATED = """
            insert into narration_script (course_id, screen_id, script) values ($1, $2, $3)
            on conflict (course_id, screen_id) do update set script = excluded.script, updated_at = now(),
                audio_key = null, audio_mime = null, audio_token = null, voice = null
            where narration_script.edited = false and narration_script.script <> excluded.script""";
    private static final String BY_HAND = """
            insert into narration_script as n (course_id, screen_id, script, edited) values ($1, $2, $3, true)
            on conflict (course_id, screen_id) do update set script = excluded.script, edited = true, updated_at = now(),
                audio_key = case when n.script = excluded.script then n.audio_key end,
                audio_mime = case when n.script = excluded.script then n.audio_mime end,
                audio_token = case when n.script = excluded.script then n.audio_token end,
                voice = case when n.script = excluded.script then n.voice end
            returning\s""" + COLUMNS;
    private static final String AUDIO = """
            update narration_script set audio_key = $4, audio_mime = $5, audio_token = $6, voice = $7, updated_at = now()
            where course_id = $1 and screen_id = $2 and script = $3""";
    private static final String BY_TOKEN = "select audio_key, audio_mime from narration_script where audio_token = $1";
    private static final String TOKENS = """
            select screen_id, audio_token from narration_script where course_id = $1 and audio_token is not null""";

    /** Courses deleted longer than {@code $1} seconds ago that still have narration. */
    private static final String DELETED_COURSES = """
            select distinct n.course_id from narration_script n join course c on c.id = n.course_id
            where c.deleted and c.updated_at < now() - make_interval(secs => $1) order by n.course_id limit $2""";
    /** A course's narration, when the course is still deleted past the retention (not restored meanwhile). */
    private static final String DELETE_OF_DELETED = """
            delete from narration_script n using course c where n.course_id = $1 and c.id = n.course_id
            and c.deleted and c.updated_at < now() - make_interval(secs => $2)""";

    /** One screen's script and audio as stored. */
    public record Stored(
            String screenId,
            String script,
            boolean edited,
            String audioKey,
            String audioMime,
            String audioToken,
            String voice,
            OffsetDateTime updatedAt) {}

    private final Pool pool;

    public NarrationRepository(Pool pool) {
        this.pool = pool;
    }

    public Uni<Map<String, Stored>> list(long courseId) {
        return pool.preparedQuery(LIST).execute(Tuple.of(courseId)).map(rows -> {
            Map<String, Stored> map = new LinkedHashMap<>();
            rows.forEach(row -> map.put(row.getString("screen_id"), stored(row)));
            return map;
        });
    }

    /** Stores a generated script unless a person wrote this screen's script. */
    Uni<Void> saveGenerated(long courseId, String screenId, String script) {
        return pool.preparedQuery(GENERATED)
                .execute(Tuple.of(courseId, screenId, script))
                .replaceWithVoid();
    }

    Uni<Stored> saveByHand(long courseId, String screenId, String script) {
        return pool.preparedQuery(BY_HAND)
                .execute(Tuple.of(courseId, screenId, script))
                .map(rows -> stored(rows.iterator().next()));
    }

    /** Links audio to the script it was made from; false when the script changed meanwhile. */
    Uni<Boolean> saveAudio(
            long courseId, String screenId, String script, String key, String mime, String token, String voice) {
        return pool.preparedQuery(AUDIO)
                .execute(Tuple.tuple(Arrays.asList(courseId, screenId, script, key, mime, token, voice)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** The S3 key and type of the audio with this token; null when there is none. */
    public Uni<String[]> audio(String token) {
        return pool.preparedQuery(BY_TOKEN)
                .execute(Tuple.of(token))
                .map(rows -> rows.size() == 0
                        ? null
                        : new String[] {
                            rows.iterator().next().getString("audio_key"),
                            rows.iterator().next().getString("audio_mime")
                        });
    }

    /** Screen id to audio token, for the screens of a course that have audio. */
    public Uni<Map<String, String>> audioTokens(long courseId) {
        return pool.preparedQuery(TOKENS).execute(Tuple.of(courseId)).map(rows -> {
            Map<String, String> map = new LinkedHashMap<>();
            rows.forEach(row -> map.put(row.getString("screen_id"), row.getString("audio_token")));
            return map;
        });
    }

    /** Up to {@code batch} courses deleted {@code retentionSeconds} ago that still have narration. */
    Uni<List<Long>> deletedCourses(long retentionSeconds, int batch) {
        return pool.preparedQuery(DELETED_COURSES)
                .execute(Tuple.of(retentionSeconds, batch))
                .map(rows -> {
                    List<Long> ids = new ArrayList<>();
                    rows.forEach(row -> ids.add(row.getLong(0)));
                    return ids;
                });
    }

    /** Deletes the course's scripts if it is still deleted past the retention; answers how many went. */
    Uni<Integer> deleteOfDeletedCourse(long courseId, long retentionSeconds) {
        return pool.preparedQuery(DELETE_OF_DELETED)
                .execute(Tuple.of(courseId, retentionSeconds))
                .map(rows -> rows.rowCount());
    }

    private static Stored stored(Row row) {
        return new Stored(
                row.getString("screen_id"),
                row.getString("script"),
                row.getBoolean("edited"),
                row.getString("audio_key"),
                row.getString("audio_mime"),
                row.getString("audio_token"),
                row.getString("voice"),
                row.getOffsetDateTime("updated_at"));
    }
}
