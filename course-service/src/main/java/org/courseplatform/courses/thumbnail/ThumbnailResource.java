package org.courseplatform.courses.thumbnail;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.Map;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Workers;

/**
 * Serves course thumbnails without credentials, so an {@code <img>} tag shows them: the URL's
 * token is unguessable, and each revision has its own URL, so it is cached for good.
 */
@Path("/v1/headless/thumbnails")
@PermitAll
public class ThumbnailResource {

    private static final Duration DATABASE_WAIT = Duration.ofSeconds(5);

    private final ThumbnailRepository thumbnails;
    private final ThumbnailStore store;

    public ThumbnailResource(ThumbnailRepository thumbnails, ThumbnailStore store) {
        this.thumbnails = thumbnails;
        this.store = store;
    }

    @GET
    @Path("/{token}/{revision}.jpg")
    public Uni<Response> get(@PathParam("token") String token, @PathParam("revision") String revision) {
        if (!token.matches("[0-9a-f]{32}") || !revision.matches("[1-9][0-9]{0,8}")) {
            throw ApiException.notFound("No such thumbnail");
        }
        int wanted = Integer.parseInt(revision);
        return thumbnails.byToken(token).ifNoItem().after(DATABASE_WAIT).fail().chain(course -> {
            if (course == null) {
                throw ApiException.notFound("No such thumbnail");
            }
            if (wanted > course.revision()) {
                throw ApiException.notFound("No such thumbnail revision");
            }
            long courseId = course.courseId();
            return Workers.call(() -> store.get(courseId, wanted))
                    .chain(jpeg -> jpeg.isPresent()
                            ? Uni.createFrom()
                                    .item(Response.ok(jpeg.get(), "image/jpeg")
                                            .header("Cache-Control", "public, max-age=31536000, immutable")
                                            .build())
                            : missing(courseId, wanted));
        });
    }

    /** Still being captured (retry shortly), or failed for good (ask for a new capture). */
    private Uni<Response> missing(long courseId, int revision) {
        return thumbnails
                .capturing(courseId, revision)
                .ifNoItem()
                .after(DATABASE_WAIT)
                .fail()
                .map(capturing -> {
                    if (capturing) {
                        throw new ApiException(
                                ErrorCode.NOT_FOUND,
                                "This thumbnail is still being captured; try again shortly",
                                null,
                                Map.of("Retry-After", "1"));
                    }
                    throw ApiException.notFound(
                            "This thumbnail capture failed; POST /v1/headless/course/{id}/thumbnail to capture it again");
                });
    }
}
