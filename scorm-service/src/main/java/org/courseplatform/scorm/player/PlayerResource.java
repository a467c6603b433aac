package org.courseplatform.scorm.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.scorm.config.ScormConfig;

/**
 * The browser side of hosted packages, under {@code /scorm} on the content origin only (never the
 * API's): the launch page an embed URL opens, the player page, the package's files and the runtime
 * API the player's scorm-again commits to. The embed token is exchanged once, at launch, for a
 * session; the session id in the path is the credential from then on, and a session answers only
 * on the host it was opened on. A request on any other host is 404.
 */
@Path("/scorm")
@PermitAll
public class PlayerResource {

    private static final String OK = "{\"result\":true,\"errorCode\":0}";

    private final PlayerService player;
    private final RuntimeService runtime;
    private final ContentService content;
    private final ScormConfig config;
    private final ObjectMapper mapper;
    private final ContentOrigin contentOrigin;
    private final PagePolicies policies;

    public PlayerResource(
            PlayerService player,
            RuntimeService runtime,
            ContentService content,
            ScormConfig config,
            ObjectMapper mapper,
            ContentOrigin contentOrigin,
            PagePolicies policies) {
        this.player = player;
        this.runtime = runtime;
        this.content = content;
        this.config = config;
        this.mapper = mapper;
        this.contentOrigin = contentOrigin;
        this.policies = policies;
    }

    /** The token to exchange for a session; the launch page reads it from the embed URL's fragment. */
    public record LaunchRequest(@NotBlank @Size(max = 8192) String token) {}

    /** Where the session's page is: {@code /scorm/s/<session>/player} (view) or {@code …/overview} (edit). */
    public record Launched(String location) {}

    /**
     * The page an embed URL opens ({@code /scorm/launch#token=…}). It is the same for every launch:
     * its script reads the token from the fragment and posts it here.
     */
    @GET
    @Path("/launch")
    @Produces(MediaType.TEXT_HTML)
    public Response launchPage(@HeaderParam("Host") String host) {
        contentHost(host);
        return html(Pages.launch(), policies.launch());
    }

    /**
     * Exchanges an embed token for a session, once: 401 when the token is invalid, expired, meant
     * for another host or already used.
     */
    @POST
    @Path("/launch")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> launch(@HeaderParam("Host") String host, @Valid @NotNull LaunchRequest body) {
        contentHost(host);
        return player.launch(body.token(), host)
                .map(session -> Response.ok(
                                new Launched("/scorm/s/" + session.id() + (session.view() ? "/player" : "/overview")))
                        .header("Cache-Control", "no-store")
                        .build());
    }

    @GET
    @Path("/s/{session}/player")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> page(@HeaderParam("Host") String host, @PathParam("session") String sessionId) {
        return player.session(sessionId, host)
                .map(session -> session.view()
                        ? html(Pages.player(mapper, session), policies.player())
                        : html(Pages.overview(session), policies.overview()));
    }

    @GET
    @Path("/s/{session}/overview")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> overview(@HeaderParam("Host") String host, @PathParam("session") String sessionId) {
        return player.session(sessionId, host).map(session -> html(Pages.overview(session), policies.overview()));
    }

    /**
     * A file of the package, streamed from S3 with its media type; with a {@code Range}, the part
     * asked for (206). An {@code If-Range} is never matched (files carry no validator), so it
     * always gets the whole file, as RFC 9110 asks.
     */
    @GET
    @Path("/s/{session}/content/{path: .+}")
    @Blocking
    public Response content(
            @HeaderParam("Host") String host,
            @PathParam("session") String sessionId,
            @PathParam("path") String path,
            @HeaderParam("Range") String range,
            @HeaderParam("If-Range") String ifRange)
            throws IOException {
        ContentService.Content file = content.open(sessionId, host, path, ifRange == null ? range : null)
                .orElseThrow(() -> ApiException.notFound("No such file in this package"));
        // The package's own script and styles run unrestricted on its own origin; only framing is
        // limited. The package's requests carry its origin as Referer (embedded players such as
        // video hosts want one), never the session's path, not even to its own origin's logs.
        Response.ResponseBuilder response = file.range() == null
                ? Response.ok(file.body(), file.type())
                : Response.status(Response.Status.PARTIAL_CONTENT)
                        .entity(file.body())
                        .type(file.type())
                        .header("Content-Range", file.range().contentRange(file.size()));
        return response.header("Content-Length", file.length())
                .header("Accept-Ranges", file.ranges() ? "bytes" : "none")
                .header("Cache-Control", "private, max-age=3600")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", policies.content())
                .header("Referrer-Policy", "strict-origin")
                .build();
    }

    /** The saved data of one SCO, for scorm-again's loadFromJSON. */
    @GET
    @Path("/s/{session}/runtime/{sco}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ObjectNode> state(
            @HeaderParam("Host") String host, @PathParam("session") String sessionId, @PathParam("sco") String sco) {
        return player.session(sessionId, host).chain(session -> runtime.restore(session, sco));
    }

    /** The SCO called Initialize. */
    @POST
    @Path("/s/{session}/runtime/{sco}/initialize")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> initialize(
            @HeaderParam("Host") String host, @PathParam("session") String sessionId, @PathParam("sco") String sco) {
        return player.session(sessionId, host)
                .chain(session -> runtime.initialize(session, sco))
                .replaceWith(OK);
    }

    /**
     * A scorm-again commit ({@code {"cmi": …}}). Any content type is read as JSON: the final commit
     * on unload comes through sendBeacon as text/plain.
     */
    @POST
    @Path("/s/{session}/runtime/{sco}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> commit(
            @HeaderParam("Host") String host,
            @PathParam("session") String sessionId,
            @PathParam("sco") String sco,
            byte[] body) {
        if (body == null || body.length == 0) {
            throw ApiException.badRequest("A commit needs a JSON body");
        }
        if (body.length > config.player().maxCommitBytes()) {
            throw ApiException.payloadTooLarge(
                    "A commit may be at most " + config.player().maxCommitBytes() + " bytes");
        }
        JsonNode json;
        try {
            json = mapper.readTree(new String(body, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("A commit is a JSON object of CMI data");
        }
        JsonNode commit = json;
        return player.session(sessionId, host)
                .chain(session -> runtime.commit(session, sco, commit))
                .replaceWith(OK);
    }

    /** Everything here is served on the content origin only; on any other host (the API's) it does not exist. */
    private void contentHost(String host) {
        if (!contentOrigin.isContentHost(host)) {
            throw ApiException.notFound("No resource at this path on this host");
        }
    }

    private static Response html(String page, String policy) {
        return Response.ok(page, "text/html; charset=utf-8")
                .header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", policy)
                .build();
    }
}
