package org.courseplatform.courses.export;

import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.ClientAddresses;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The /play/lms page's exchange, opened by a dynamic SCORM package's launcher: no API key, the
 * package's signed token is the credential, the LMS names the learner and the learner key kept in
 * the LMS continues a learner's record. Refused tokens are bounded per client address, good ones
 * per instance ({@link LmsLimiter}); rules in {@link LmsSessionService}.
 */
@Path("/v1/headless/player/lms-sessions")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class LmsSessionResource {

    private final LmsSessionService service;
    private final ClientAddresses addresses;

    public LmsSessionResource(LmsSessionService service, ClientAddresses addresses) {
        this.service = service;
        this.addresses = addresses;
    }

    @POST
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @Operation(
            summary = "Open a player session for an LMS learner of a dynamic SCORM package",
            description = "Body {token, learnerId, learnerName, learnerKey}. Answers as POST "
                    + "/v1/headless/player/sessions, plus learnerKey: the key of the learner's tracking record, "
                    + "which only a later launch presenting it (for the same learnerId) continues; without it a "
                    + "launch starts a new record. See docs/scorm-export.md.")
    @APIResponses({
        @APIResponse(responseCode = "201", description = "A player session of the course's published version"),
        @APIResponse(
                responseCode = "400",
                description = "token or learnerId missing, learnerId over 255 characters, a malformed learnerKey"),
        @APIResponse(
                responseCode = "401",
                description = "error.reason revoked: the package was revoked; expired: its lifetime is over"),
        @APIResponse(responseCode = "403", description = "error.reason invalid: not a package token of this platform"),
        @APIResponse(responseCode = "404", description = "The course has been deleted"),
        @APIResponse(responseCode = "409", description = "The course is no longer published"),
        @APIResponse(
                responseCode = "429",
                description =
                        "Too many refused launches from this address (a good token is never refused for them), too many launches on this instance, or too many new learners of this package "
                                + "this hour; Retry-After")
    })
    public Uni<LmsViews.Launch> exchange(@Context RoutingContext request, LmsRequests.Exchange body) {
        return service.exchange(body, addresses.of(request));
    }
}
