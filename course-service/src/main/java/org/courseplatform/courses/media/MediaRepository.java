package org.courseplatform.courses.media;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/** The media table (SQL client, {@code $n} parameters): the library's rows and the purge of expired slots. */
@ApplicationScoped
public class MediaRepository {

    private static final String COLUMNS = """
            id, workspace_id, course_id, token, kind, content_type, filename, size, width, height, alt_text,
            decorative, status, error, variants::text as variants, file_name, object_key, created_by, created_at,
            updated_at, expires_at""";

    private static final String INSERT = "insert into media (workspace_id, course_id, token, kind, content_type,"
            + " filename, size, alt_text, decorative, status, object_key, created_by, expires_at)"
            + " values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12) returning " + COLUMNS;
    private static final String FIND = "select " + COLUMNS + " from media where workspace_id = $1 and id = $2";
    private static final String BY_TOKEN = "select " + COLUMNS + " from media where token = $1 and status = 'ready'";
    private static final String READY = "update media set status = 'ready', content_type = $2, width = $3,"
            + " height = $4, variants = $5::text::jsonb, file_name = $6, error = null, expires_at = null, updated_at = now()"
            + " where id = $1 and status = 'pending' returning " + COLUMNS;
    private static final String FAILED = "update media set status = 'failed', error = $2, expires_at = null,"
            + " updated_at = now() where id = $1 and status = 'pending'";
    private static final String DESCRIBE = "update media set alt_text = $3, decorative = $4, updated_at = now()"
            + " where workspace_id = $1 and id = $2 returning " + COLUMNS;
    private static final String DELETE = "delete from media where workspace_id = $1 and id = $2";
    /** The published, live courses whose document names the token (a medium's URLs all hold it). */
    private static final String USED_BY = """
            select id, title from course where workspace_id = $1 and published and not deleted
            and published_document is not null and strpos(published_document::text, $2::text) > 0 order by id limit 50""";
    /** {@code media_pending_expiry} serves it. */
    private static final String DELETE_EXPIRED = """
            delete from media where id in (
                select id from media where status = 'pending' and expires_at < now() - make_interval(secs => $1)
                order by expires_at limit $2 for update skip locked)
            returning object_key""";

    /**
     * Media uploaded for a course deleted longer than the retention ago ({@code $1} seconds) that
     * no live course, draft or published, and no library screen of the workspace names by token.
     */
    private static final String ORPHANED = """
            from media m join course c on c.id = m.course_id and c.workspace_id = m.workspace_id
            where c.deleted and c.updated_at < now() - make_interval(secs => $1)
            and not exists (select 1 from course u where u.workspace_id = m.workspace_id and not u.deleted
                and (strpos(coalesce(u.draft::text, ''), m.token) > 0
                  or strpos(coalesce(u.published_document::text, ''), m.token) > 0))
            and not exists (select 1 from library_screen s where s.workspace_id = m.workspace_id
                and strpos(s.document::text, m.token) > 0)""";

    private static final String ORPHANED_ROWS = """
            select m.id, m.workspace_id, m.course_id, m.token, m.kind, m.content_type, m.filename, m.size, m.width,
            m.height, m.alt_text, m.decorative, m.status, m.error, m.variants::text as variants, m.file_name,
            m.object_key, m.created_by, m.created_at, m.updated_at, m.expires_at
            """ + ORPHANED + " order by m.id limit $2";

    /** Deletes the given media when they are still orphaned (a course may have taken one up meanwhile). */
    private static final String DELETE_ORPHANED = "delete from media where id in (select m.id " + ORPHANED
            + " and m.id = any($2) for update of m skip locked) returning id";

    private static final String EXPIRED_KEYS = """
            select object_key from media where status = 'pending' and expires_at < now() - make_interval(secs => $1)
            order by expires_at limit $2""";

    /** A published course that uses a medium. */
    public record User(long id, String title) {}

    private static final TypeReference<List<MediaRow.StoredVariant>> VARIANTS = new TypeReference<>() {};

    private final Pool pool;
    private final ObjectMapper mapper;

    public MediaRepository(Pool pool, ObjectMapper mapper) {
        this.pool = pool;
        this.mapper = mapper;
    }

    Uni<MediaRow> insert(
            long workspaceId,
            Long courseId,
            String token,
            String kind,
            String contentType,
            String filename,
            long size,
            String altText,
            boolean decorative,
            String objectKey,
            String createdBy,
            OffsetDateTime expiresAt) {
        Tuple values = Tuple.tuple()
                .addLong(workspaceId)
                .addLong(courseId)
                .addString(token)
                .addString(kind)
                .addString(contentType)
                .addString(filename)
                .addLong(size)
                .addString(altText)
                .addBoolean(decorative)
                .addString(objectKey)
                .addString(createdBy)
                .addOffsetDateTime(expiresAt);
        return pool.preparedQuery(INSERT).execute(values).map(this::one);
    }

    /** The medium of this workspace, or null. */
    Uni<MediaRow> find(long workspaceId, long id) {
        return pool.preparedQuery(FIND).execute(Tuple.of(workspaceId, id)).map(this::one);
    }

    /** The ready medium a public URL's token names, or null. */
    Uni<MediaRow> byToken(String token) {
        return pool.preparedQuery(BY_TOKEN).execute(Tuple.of(token)).map(this::one);
    }

    /** Marks a pending medium ready; null when it was no longer pending (completed meanwhile). */
    Uni<MediaRow> ready(
            long id,
            String contentType,
            Integer width,
            Integer height,
            List<MediaRow.StoredVariant> variants,
            String file) {
        Tuple values = Tuple.tuple()
                .addLong(id)
                .addString(contentType)
                .addInteger(width)
                .addInteger(height)
                .addString(write(variants))
                .addString(file);
        return pool.preparedQuery(READY).execute(values).map(this::one);
    }

    Uni<Void> failed(long id, String error) {
        return pool.preparedQuery(FAILED).execute(Tuple.of(id, error)).replaceWithVoid();
    }

    Uni<MediaRow> describe(long workspaceId, long id, String altText, boolean decorative) {
        return pool.preparedQuery(DESCRIBE)
                .execute(Tuple.of(workspaceId, id, altText, decorative))
                .map(this::one);
    }

    Uni<Boolean> delete(long workspaceId, long id) {
        return pool.preparedQuery(DELETE).execute(Tuple.of(workspaceId, id)).map(rows -> rows.rowCount() > 0);
    }

    Uni<List<User>> publishedUsers(long workspaceId, String token) {
        return pool.preparedQuery(USED_BY).execute(Tuple.of(workspaceId, token)).map(rows -> {
            List<User> users = new ArrayList<>();
            for (Row row : rows) {
                users.add(new User(row.getLong("id"), row.getString("title")));
            }
            return users;
        });
    }

    /** Up to {@code batch} media of courses deleted {@code retentionSeconds} ago that nothing else uses. */
    Uni<List<MediaRow>> orphaned(long retentionSeconds, int batch) {
        return pool.preparedQuery(ORPHANED_ROWS)
                .execute(Tuple.of(retentionSeconds, batch))
                .map(rows -> {
                    List<MediaRow> media = new ArrayList<>();
                    for (Row row : rows) {
                        media.add(map(row));
                    }
                    return media;
                });
    }

    /** Deletes those of {@code ids} that are still orphaned; answers the ids that went. */
    Uni<List<Long>> deleteOrphaned(long retentionSeconds, List<Long> ids) {
        return pool.preparedQuery(DELETE_ORPHANED)
                .execute(Tuple.of(retentionSeconds, ids.toArray(Long[]::new)))
                .map(rows -> {
                    List<Long> gone = new ArrayList<>();
                    for (Row row : rows) {
                        gone.add(row.getLong(0));
                    }
                    return gone;
                });
    }

    /** One page of a workspace's media, newest first, after the cursor's medium when given. */
    Uni<List<MediaRow>> list(long workspaceId, MediaQuery query) {
        StringBuilder sql = new StringBuilder("select " + COLUMNS + " from media where workspace_id = $1");
        Tuple values = Tuple.of(workspaceId);
        where(sql, values, query);
        if (query.cursor() != null) {
            values.addLong(query.cursor());
            int n = values.size();
            sql.append(" and (created_at, id) < (select created_at, id from media where workspace_id = $1 and id = $")
                    .append(n)
                    .append(")");
        }
        sql.append(" order by created_at desc, id desc limit ").append(query.limit());
        if (query.offset() > 0) {
            sql.append(" offset ").append(query.offset());
        }
        return pool.preparedQuery(sql.toString()).execute(values).map(rows -> {
            List<MediaRow> media = new ArrayList<>();
            for (Row row : rows) {
                media.add(map(row));
            }
            return media;
        });
    }

    /** How many media the query matches, whatever the page. */
    Uni<Long> count(long workspaceId, MediaQuery query) {
        StringBuilder sql = new StringBuilder("select count(*) from media where workspace_id = $1");
        Tuple values = Tuple.of(workspaceId);
        where(sql, values, query);
        return pool.preparedQuery(sql.toString())
                .execute(values)
                .map(rows -> rows.iterator().next().getLong(0));
    }

    private static void where(StringBuilder sql, Tuple values, MediaQuery query) {
        values.addString(query.status());
        sql.append(" and status = $").append(values.size());
        if (query.kind() != null) {
            values.addString(query.kind());
            sql.append(" and kind = $").append(values.size());
        }
        if (query.search() != null) {
            values.addString("%"
                    + query.search().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
            int n = values.size();
            sql.append(" and (filename ilike $")
                    .append(n)
                    .append(" or alt_text ilike $")
                    .append(n)
                    .append(")");
        }
    }

    /** The upload keys of expired pending slots, oldest first: deleted from S3 before their rows go. */
    Uni<List<String>> expiredKeys(long graceSeconds, int batch) {
        return pool.preparedQuery(EXPIRED_KEYS)
                .execute(Tuple.of(graceSeconds, (long) batch))
                .map(MediaRepository::keys);
    }

    /** Deletes up to {@code batch} expired pending slots (rows another replica holds are skipped). */
    Uni<List<String>> deleteExpired(long graceSeconds, int batch) {
        return pool.preparedQuery(DELETE_EXPIRED)
                .execute(Tuple.of(graceSeconds, (long) batch))
                .map(MediaRepository::keys);
    }

    private static List<String> keys(RowSet<Row> rows) {
        List<String> keys = new ArrayList<>();
        for (Row row : rows) {
            keys.add(row.getString(0));
        }
        return keys;
    }

    private MediaRow one(RowSet<Row> rows) {
        return rows.size() == 0 ? null : map(rows.iterator().next());
    }

    private MediaRow map(Row row) {
        return new MediaRow(
                row.getLong("id"),
                row.getLong("workspace_id"),
                row.getLong("course_id"),
                row.getString("token"),
                row.getString("kind"),
                row.getString("content_type"),
                row.getString("filename"),
                row.getLong("size"),
                row.getInteger("width"),
                row.getInteger("height"),
                row.getString("alt_text"),
                row.getBoolean("decorative"),
                row.getString("status"),
                row.getString("error"),
                read(row.getString("variants")),
                row.getString("file_name"),
                row.getString("object_key"),
                row.getString("created_by"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"),
                row.getOffsetDateTime("expires_at"));
    }

    private List<MediaRow.StoredVariant> read(String json) {
        try {
            return json == null ? List.of() : mapper.readValue(json, VARIANTS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored media variants are not JSON", e);
        }
    }

    private String write(List<MediaRow.StoredVariant> variants) {
        try {
            return mapper.writeValueAsString(variants);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
