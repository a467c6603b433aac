package org.courseplatform.scorm.player;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;

/** Signed embed URLs of hosted packages (API.md: answered as text/plain, valid for 3 hours). */
@Path("/v1/headless/embed/scorm")
@RolesAllowed(Roles.SCORM_HOSTING)
public class EmbedResource {

    private final PlayerService player;
    private final SecurityIdentity identity;

    public EmbedResource(PlayerService player, SecurityIdentity identity) {
        this.player = player;
        this.identity = identity;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> embed(@Valid @NotNull EmbedRequest body) {
        return player.embedUrl(Callers.workspace(identity), body);
    }
}
