package org.courseplatform.courses.editor;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.courses.course.IfMatch;
import org.courseplatform.courses.generation.GenerationRequests;
import org.courseplatform.courses.generation.GenerationService;
import org.courseplatform.courses.language.Job;
import org.courseplatform.courses.player.PlayerSessions;
import org.courseplatform.courses.theme.EditorTheme;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The editor API of the builder ({@code /play/builder}) and the screen editor
 * ({@code /play/screen-editor}). No API key: the {@code X-Player-Session} header of a session
 * opened from an {@code edit} URL is the credential (never in a URL, so no access log holds it).
 * Bodies and headers are handed to {@link EditSessions}, {@link CourseEditor} and {@link ScreenEditor} as they came, so that a call without an
 * editing session is refused for that before anything else is judged.
 */
@Path("/v1/headless/player/editor")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
public class EditorResource {

    private final EditSessions sessions;
    private final CourseEditor courses;
    private final ScreenEditor screens;

    public EditorResource(EditSessions sessions, CourseEditor courses, ScreenEditor screens) {
        this.sessions = sessions;
        this.courses = courses;
        this.screens = screens;
    }

    /** Element types and their fields, screen types, and every layout with the screens it creates. */
    @GET
    @Path("/catalogue")
    public Uni<EditorViews.Catalogue> catalogue(@HeaderParam(PlayerSessions.HEADER) String session) {
        return sessions.catalogue(session);
    }

    /** The themes the course may wear: built-ins, then its tenant's workspace themes (docs/themes.md). */
    @GET
    @Path("/themes")
    public Uni<List<EditorTheme>> themes(@HeaderParam(PlayerSessions.HEADER) String session) {
        return sessions.themes(session);
    }

    /** The course, its draft and revision (also as the ETag), and whether a migration preview is active. */
    @GET
    @Path("/course")
    public Uni<RestResponse<EditorViews.CourseDraft>> course(@HeaderParam(PlayerSessions.HEADER) String session) {
        return courses.course(session).map(draft -> withEtag(draft, draft.revision()));
    }

    /** Creates the session's course (a URL without courseId): 201. */
    @POST
    @Path("/course")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(
            value = EditorViews.CourseDraft.class,
            responseCode = "201",
            responseDescription = "The new course's draft")
    public Uni<RestResponse<EditorViews.CourseDraft>> createCourse(
            @HeaderParam(PlayerSessions.HEADER) String session, EditorRequests.NewCourse body) {
        return courses.createCourse(session, body)
                .map(draft -> RestResponse.ResponseBuilder.create(RestResponse.Status.CREATED, draft)
                        .header(HttpHeaders.ETAG, IfMatch.etag(draft.revision()))
                        .build());
    }

    /** Saves the whole draft; {@code If-Match} is required; the answer's ETag is the new revision. */
    @PUT
    @Path("/course/content")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<EditorViews.CourseSaved>> saveCourse(
            @HeaderParam(PlayerSessions.HEADER) String session,
            @HeaderParam(IfMatch.HEADER) List<String> ifMatch,
            EditorRequests.Document body) {
        return courses.saveCourse(session, ifMatch, body).map(saved -> withEtag(saved, saved.revision()));
    }

    @POST
    @Path("/course/publish")
    public Uni<RestResponse<EditorViews.CoursePublished>> publish(@HeaderParam(PlayerSessions.HEADER) String session) {
        return courses.publish(session).map(published -> withEtag(published, published.revision()));
    }

    /** The draft becomes the published version again. */
    @POST
    @Path("/course/revert")
    public Uni<RestResponse<EditorViews.CourseDraft>> revert(@HeaderParam(PlayerSessions.HEADER) String session) {
        return courses.revert(session).map(draft -> withEtag(draft, draft.revision()));
    }

    /** Converts a Classic draft to Builder 2, keeping the Classic one aside until accepted or discarded. */
    @POST
    @Path("/course/migration-preview")
    public Uni<RestResponse<EditorViews.Migration>> startMigrationPreview(
            @HeaderParam(PlayerSessions.HEADER) String session) {
        return courses.startMigrationPreview(session).map(m -> withEtag(m, m.revision()));
    }

    @POST
    @Path("/course/migration-preview/accept")
    public Uni<RestResponse<EditorViews.Migration>> acceptMigrationPreview(
            @HeaderParam(PlayerSessions.HEADER) String session) {
        return courses.acceptMigrationPreview(session).map(m -> withEtag(m, m.revision()));
    }

    @DELETE
    @Path("/course/migration-preview")
    public Uni<RestResponse<EditorViews.Migration>> discardMigrationPreview(
            @HeaderParam(PlayerSessions.HEADER) String session) {
        return courses.discardMigrationPreview(session).map(m -> withEtag(m, m.revision()));
    }

    /**
     * Generates the session's course from a prompt (a URL without courseId, flows {@code ai} and
     * {@code generate}): 201 with the job once the course exists (the session is bound to it:
     * GET /course opens it), else 202 with the job to follow at GET /generate/{id}.
     */
    @POST
    @Path("/generate")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(
            responseCode = "201",
            description = "The job, finished within generation.sync-wait",
            content = @Content(schema = @Schema(implementation = Job.class)))
    @APIResponse(
            responseCode = "202",
            description = "The job still running",
            content = @Content(schema = @Schema(implementation = Job.class)))
    public Uni<RestResponse<Job>> generate(
            @HeaderParam(PlayerSessions.HEADER) String session, GenerationRequests.EditorGenerate body) {
        return courses.generate(session, body)
                .map(outcome -> RestResponse.ResponseBuilder.create(
                                outcome instanceof GenerationService.Created
                                        ? RestResponse.Status.CREATED
                                        : RestResponse.Status.ACCEPTED,
                                outcome.job())
                        .build());
    }

    /** A generation job of this session: {@code status}, {@code courseId} once made, {@code error} when failed. */
    @GET
    @Path("/generate/{id}")
    public Uni<Job> generation(@HeaderParam(PlayerSessions.HEADER) String session, @PathParam("id") String id) {
        return courses.generation(session, id);
    }

    /** The session's library screen, or its whole quiz group in order. */
    @GET
    @Path("/screen")
    public Uni<EditorViews.Screens> screens(@HeaderParam(PlayerSessions.HEADER) String session) {
        return screens.screens(session);
    }

    /** Creates the session's screen(s) from a layout (a URL without id): 201. */
    @POST
    @Path("/screen")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = EditorViews.Screens.class,
            responseCode = "201",
            responseDescription = "The screens with the new one")
    public Uni<EditorViews.Screens> createScreen(
            @HeaderParam(PlayerSessions.HEADER) String session, EditorRequests.NewScreen body) {
        return screens.createScreen(session, body);
    }

    /** Saves one screen of the session; {@code If-Match} is required; the answer's ETag is the new revision. */
    @PUT
    @Path("/screen/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<EditorViews.ScreenSaved>> saveScreen(
            @HeaderParam(PlayerSessions.HEADER) String session,
            @PathParam("id") String id,
            @HeaderParam(IfMatch.HEADER) List<String> ifMatch,
            EditorRequests.Document body) {
        return screens.saveScreen(session, id, ifMatch, body).map(saved -> withEtag(saved, saved.revision()));
    }

    private static <T> RestResponse<T> withEtag(T entity, long revision) {
        return RestResponse.ResponseBuilder.ok(entity)
                .header(HttpHeaders.ETAG, IfMatch.etag(revision))
                .build();
    }
}
