package org.courseplatform.courses.player;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;

/** The spec's POST /embed/screen: the Standalone Screen Player's URL, as text/plain. */
@Path("/embed")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.TEXT_PLAIN)
public class ScreenEmbedResource {

    private final EmbedService embeds;
    private final SecurityIdentity identity;

    public ScreenEmbedResource(EmbedService embeds, SecurityIdentity identity) {
        this.embeds = embeds;
        this.identity = identity;
    }

    @POST
    @Path("/screen")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<String> screen(@NotNull EmbedRequests.Screen body) {
        return embeds.screenUrl(Callers.workspace(identity), body);
    }
}
