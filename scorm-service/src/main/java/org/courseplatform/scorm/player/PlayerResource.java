package org.courseplatform.scorm.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.scorm.config.ScormConfig;
import org.courseplatform.scorm.processing.ContentTypes;
import org.courseplatform.scorm.processing.ManifestParser;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * The browser side of hosted packages, under {@code /scorm}: the embed link, the player page,
 * the package's files and the runtime API the player's scorm-again commits to. The session id in
 * the path is the credential; the embed token is checked once, at launch.
 */
@Path("/scorm")
@PermitAll
public class PlayerResource {

    private static final String OK = "{\"result\":true,\"errorCode\":0}";

    private final PlayerService player;
    private final RuntimeService runtime;
    private final PackageStore store;
    private final ScormConfig config;
    private final ObjectMapper mapper;

    public PlayerResource(PlayerService player, RuntimeService runtime, PackageStore store, ScormConfig config,
            ObjectMapper mapper) {
        this.player = player;
        this.runtime = runtime;
        this.store = store;
        this.config = config;
        this.mapper = mapper;
    }

    /** Opens the signed embed URL: a new session, then 303 to the player (view) or the overview (edit). */
    @GET
    @Path("/launch")
    public Uni<Response> launch(@QueryParam("token") String token) {
        return player.launch(token).map(session -> Response.seeOther(URI.create("/scorm/s/" + session.id()
                + (session.view() ? "/player" : "/overview"))).header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer")
                .build());
    }

    @GET
    @Path("/s/{session}/player")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> page(@PathParam("session") String sessionId) {
        return player.session(sessionId).map(session -> html(session.view() ? Pages.player(mapper, session) : Pages.overview(session)));
    }

    @GET
    @Path("/s/{session}/overview")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> overview(@PathParam("session") String sessionId) {
        return player.session(sessionId).map(session -> html(Pages.overview(session)));
    }

    /** A file of the package, streamed from S3 with its media type. */
    @GET
    @Path("/s/{session}/content/{path: .+}")
    @Blocking
    public Response content(@PathParam("session") String sessionId, @PathParam("path") String path) {
        PlayerSession session = player.session(sessionId).await().indefinitely();
        String safe = ManifestParser.resolve(path);
        if (safe == null || session.contentPrefix() == null || !session.view()) {
            throw ApiException.notFound("No file " + path + " in this package");
        }
        var object = store.open(session.contentPrefix() + safe)
                .orElseThrow(() -> ApiException.notFound("No file " + path + " in this package"));
        String type = object.response().contentType() == null ? ContentTypes.of(safe) : object.response().contentType();
        return Response.ok(object, type).header("Content-Length", object.response().contentLength())
                .header("Cache-Control", "private, max-age=3600").header("X-Content-Type-Options", "nosniff").build();
    }

    /** The saved data of one SCO, for scorm-again's loadFromJSON. */
    @GET
    @Path("/s/{session}/runtime/{sco}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ObjectNode> state(@PathParam("session") String sessionId, @PathParam("sco") String sco) {
        return player.session(sessionId).chain(session -> runtime.restore(session, sco));
    }

    /** The SCO called Initialize. */
    @POST
    @Path("/s/{session}/runtime/{sco}/initialize")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> initialize(@PathParam("session") String sessionId, @PathParam("sco") String sco) {
        return player.session(sessionId).chain(session -> runtime.initialize(session, sco)).replaceWith(OK);
    }

    /**
     * A scorm-again commit ({@code {"cmi": …}}). Any content type is read as JSON: the final commit
     * on unload comes through sendBeacon as text/plain.
     */
    @POST
    @Path("/s/{session}/runtime/{sco}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> commit(@PathParam("session") String sessionId, @PathParam("sco") String sco, byte[] body) {
        if (body == null || body.length == 0) {
            throw ApiException.badRequest("A commit needs a JSON body");
        }
        if (body.length > config.player().maxCommitBytes()) {
            throw ApiException.payloadTooLarge("A commit may be at most " + config.player().maxCommitBytes() + " bytes");
        }
        JsonNode json;
        try {
            json = mapper.readTree(new String(body, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("A commit is a JSON object of CMI data");
        }
        JsonNode commit = json;
        return player.session(sessionId).chain(session -> runtime.commit(session, sco, commit)).replaceWith(OK);
    }

    private static Response html(String page) {
        return Response.ok(page, "text/html; charset=utf-8").header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer").build();
    }
}
