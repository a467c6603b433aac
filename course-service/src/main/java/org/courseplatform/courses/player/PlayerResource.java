package org.courseplatform.courses.player;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The player pages' API. No API key: the exchange takes the embed token, every other call the
 * session id in the {@code X-Player-Session} header (never in a URL, so no access log holds it).
 * Rules in {@link SessionExchange} and {@link ProgressService}.
 */
@Path("/v1/headless/player")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PlayerResource {

    private final SessionExchange exchange;
    private final ProgressService progress;

    public PlayerResource(SessionExchange exchange, ProgressService progress) {
        this.exchange = exchange;
        this.progress = progress;
    }

    /** Exchanges the token of a player or editor URL (single use) for a session: 201. */
    @POST
    @Path("/sessions")
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = PlayerViews.Session.class,
            responseCode = "201",
            responseDescription = "The player session")
    public Uni<PlayerViews.Session> exchange(PlayerRequests.Exchange body) {
        return exchange.exchange(body == null ? null : body.token(), body == null ? null : body.intent());
    }

    /**
     * Records the screen shown, visible time and answers; an optional {@code sequence} orders a
     * session's writes, so a late one never moves the stored screen back.
     */
    @POST
    @Path("/progress")
    public Uni<PlayerViews.ProgressAnswer> progress(
            @HeaderParam(PlayerSessions.HEADER) String session, PlayerRequests.Progress body) {
        return progress.progress(session, body);
    }

    @POST
    @Path("/quiz")
    public Uni<PlayerViews.QuizResult> quiz(
            @HeaderParam(PlayerSessions.HEADER) String session, PlayerRequests.Quiz body) {
        return progress.quiz(session, body);
    }
}
