package org.courseplatform.courses.player;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;

/**
 * Signed player URLs (Build and above), answered as text/plain and valid for 3 hours. Rules in {@link EmbedService}.
 * The workspace's embed settings (which sites may frame the learner pages) in {@link EmbedSettingsService}.
 * The deprecated GET /v1/headless/course/{view|edit} and POST /v1/headless/course/url are in
 * CourseResource, whose path they share.
 */
@Path("/v1/headless/embed")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.TEXT_PLAIN)
public class EmbedResource {

    private final EmbedService embeds;
    private final EmbedSettingsService settings;
    private final SecurityIdentity identity;

    public EmbedResource(EmbedService embeds, EmbedSettingsService settings, SecurityIdentity identity) {
        this.embeds = embeds;
        this.settings = settings;
        this.identity = identity;
    }

    @GET
    @Path("/settings")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<EmbedSettings> settings() {
        return settings.get(Callers.workspace(identity));
    }

    @PUT
    @Path("/settings")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<EmbedSettings> saveSettings(@NotNull EmbedSettings body) {
        return settings.put(Callers.workspace(identity), body);
    }

    @POST
    @Path("/course")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<String> course(@NotNull EmbedRequests.Course body) {
        return embeds.courseUrl(Callers.workspace(identity), body);
    }

    /** The same as the spec's POST /embed/screen ({@link ScreenEmbedResource}). */
    @POST
    @Path("/screen")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<String> screen(@NotNull EmbedRequests.Screen body) {
        return embeds.screenUrl(Callers.workspace(identity), body);
    }
}
