package org.courseplatform.courses.language;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;

/** The course facts jobs start from, and the strings translation jobs wrote (Vert.x SQL client). */
@ApplicationScoped
public class LanguageRepository {

    private static final String COURSE = """
            select workspace_id, client_identifier, type, format, deleted, revision, draft->>'locale' as locale
            from course where id = $1""";
    private static final String DRAFT = """
            select workspace_id, client_identifier, type, format, deleted, revision, draft->>'locale' as locale,
                draft::text as draft
            from course where id = $1""";
    private static final String MACHINE =
            "select path, text from machine_translation where course_id = $1 and locale = $2";
    private static final String RECORD = """
            insert into machine_translation (course_id, locale, path, text)
            select ?1, ?2, e.key, e.value from jsonb_each_text(cast(cast(?3 as text) as jsonb)) e
            on conflict (course_id, locale, path) do update set text = excluded.text, created_at = now()""";

    /** A course as a job sees it; {@code draft} only when asked for. */
    public record CourseFacts(
            long id,
            long workspaceId,
            String clientIdentifier,
            String type,
            String format,
            boolean deleted,
            long revision,
            String locale,
            String draft) {}

    private final Pool pool;

    public LanguageRepository(Pool pool) {
        this.pool = pool;
    }

    public Uni<CourseFacts> course(long id) {
        return pool.preparedQuery(COURSE)
                .execute(Tuple.of(id))
                .map(rows -> rows.size() == 0 ? null : facts(id, rows.iterator().next(), null));
    }

    public Uni<CourseFacts> courseWithDraft(long id) {
        return pool.preparedQuery(DRAFT).execute(Tuple.of(id)).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row row = rows.iterator().next();
            return facts(id, row, row.getString("draft"));
        });
    }

    /** Path id to the text a translation job wrote there. */
    public Uni<Map<String, String>> machineTranslations(long courseId, String locale) {
        return pool.preparedQuery(MACHINE).execute(Tuple.of(courseId, locale)).map(rows -> {
            Map<String, String> map = new HashMap<>();
            rows.forEach(row -> map.put(row.getString("path"), row.getString("text")));
            return map;
        });
    }

    /** Records what a job wrote, in the current Hibernate Reactive transaction (the job's draft save). */
    Uni<Void> recordMachineTranslations(long courseId, String locale, String writtenJson) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(RECORD)
                        .setParameter(1, courseId)
                        .setParameter(2, locale)
                        .setParameter(3, writtenJson)
                        .executeUpdate())
                .replaceWithVoid();
    }

    private static CourseFacts facts(long id, Row row, String draft) {
        return new CourseFacts(
                id,
                row.getLong("workspace_id"),
                row.getString("client_identifier"),
                row.getString("type"),
                row.getString("format"),
                row.getBoolean("deleted"),
                row.getLong("revision"),
                row.getString("locale"),
                draft);
    }
}
