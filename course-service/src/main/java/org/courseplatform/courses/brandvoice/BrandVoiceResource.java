package org.courseplatform.courses.brandvoice;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** The brand voice of the workspace and its tenants (Build and above). Rules live in {@link BrandVoiceService}. */
@Path("/v1/headless/brand-voice")
@RolesAllowed(Roles.BUILD)
@Produces(MediaType.APPLICATION_JSON)
public class BrandVoiceResource {

    private final BrandVoiceService service;
    private final SecurityIdentity identity;

    public BrandVoiceResource(BrandVoiceService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** The effective voice: the tenant's override, else the workspace's, else source none. Always 200. */
    @GET
    public Uni<BrandVoiceView> get(@QueryParam("clientIdentifier") String clientIdentifier) {
        return service.get(scope(clientIdentifier));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<BrandVoiceView> set(@NotNull BrandVoiceRequests.Set body) {
        return service.set(scope(null), body);
    }

    @DELETE
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> delete(@QueryParam("clientIdentifier") String clientIdentifier) {
        return service.delete(scope(null), tenant(clientIdentifier));
    }

    private static String tenant(String clientIdentifier) {
        if (clientIdentifier != null && clientIdentifier.length() > 255) {
            throw ApiException.invalid("clientIdentifier", "must be at most 255 characters");
        }
        return clientIdentifier == null || clientIdentifier.isEmpty() ? null : clientIdentifier;
    }

    private CourseScope scope(String clientIdentifier) {
        return CourseScope.of(Callers.workspace(identity), tenant(clientIdentifier));
    }
}
