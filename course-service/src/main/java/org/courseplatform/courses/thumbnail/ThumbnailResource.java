package org.courseplatform.courses.thumbnail;

import io.smallrye.common.annotation.Blocking;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * Serves course thumbnails without credentials, so an {@code <img>} tag shows them: the URL's
 * token is unguessable, and each revision has its own URL, so it is cached for good.
 */
@Path("/v1/headless/thumbnails")
@PermitAll
public class ThumbnailResource {

    private final Pool pool;
    private final ThumbnailStore store;

    public ThumbnailResource(Pool pool, ThumbnailStore store) {
        this.pool = pool;
        this.store = store;
    }

    @GET
    @Path("/{token}/{revision}.jpg")
    @Blocking
    public Response get(@PathParam("token") String token, @PathParam("revision") String revision) {
        if (!token.matches("[0-9a-f]{32}") || !revision.matches("[1-9][0-9]{0,8}")) {
            throw ApiException.notFound("No such thumbnail");
        }
        RowSet<io.vertx.mutiny.sqlclient.Row> rows = pool.preparedQuery("select id, thumbnail_revision from course where thumbnail_token = $1")
                .execute(Tuple.of(token)).await().atMost(Duration.ofSeconds(5));
        if (rows.size() == 0) {
            throw ApiException.notFound("No such thumbnail");
        }
        var course = rows.iterator().next();
        int wanted = Integer.parseInt(revision);
        if (wanted > course.getInteger("thumbnail_revision")) {
            throw ApiException.notFound("No such thumbnail revision");
        }
        long courseId = course.getLong("id");
        return store.get(courseId, wanted)
                .map(jpeg -> Response.ok(jpeg, "image/jpeg").header("Cache-Control", "public, max-age=31536000, immutable").build())
                .orElseThrow(() -> missing(courseId, wanted));
    }

    /** Still being captured (retry shortly), or failed for good (ask for a new capture). */
    private ApiException missing(long courseId, int revision) {
        RowSet<io.vertx.mutiny.sqlclient.Row> jobs = pool.preparedQuery(
                        "select 1 from thumbnail_job where course_id = $1 and revision = $2 and status in ('queued', 'running')")
                .execute(Tuple.of(courseId, revision)).await().atMost(Duration.ofSeconds(5));
        if (jobs.size() > 0) {
            return new ApiException(ErrorCode.NOT_FOUND, "This thumbnail is still being captured; try again shortly",
                    null, java.util.Map.of("Retry-After", "1"));
        }
        return ApiException.notFound("This thumbnail capture failed; POST /v1/headless/course/{id}/thumbnail to capture it again");
    }
}
