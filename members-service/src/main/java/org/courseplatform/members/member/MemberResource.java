package org.courseplatform.members.member;

import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import org.courseplatform.members.group.GroupService;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.events.Idempotent;
import org.courseplatform.platform.events.IdempotentRequests;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;
import org.courseplatform.platform.web.Workers;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestResponse;

/** Members of the caller's workspace. */
@Path("/api/v1/members")
@RolesAllowed(Roles.API_KEY)
@Produces(MediaType.APPLICATION_JSON)
public class MemberResource {

    private final MemberService service;
    private final GroupService groups;
    private final SecurityIdentity identity;

    public MemberResource(MemberService service, GroupService groups, SecurityIdentity identity) {
        this.service = service;
        this.groups = groups;
        this.identity = identity;
    }

    /** Searches, sorts and pages the workspace's members; the total is in X-Total-Count. */
    @GET
    public Uni<RestResponse<List<MemberView>>> list(
            @QueryParam("search") String search,
            @QueryParam("sort") String sort,
            @QueryParam("reverse") String reverse,
            @QueryParam("state") String state,
            @QueryParam("page") String page,
            @QueryParam("limit") String limit) {
        MemberQuery query = MemberQuery.parse(search, sort, reverse, state, page, limit);
        return service.list(caller().workspaceId(), query).map(p -> p.toResponse());
    }

    /**
     * Creates a member, or adds the existing user with this email (same id). A locale not given
     * is the best match of {@code Accept-Language}; a timezone not given is UTC.
     */
    @Idempotent
    @Parameter(
            name = IdempotentRequests.HEADER,
            in = ParameterIn.HEADER,
            description = IdempotentRequests.HEADER_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<MemberView> create(MemberRequest body, @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage) {
        MemberRules.validate(body);
        WorkspaceCaller caller = caller();
        String locale = MemberDefaults.locale(acceptLanguage);
        if (body.password() == null) {
            return service.create(caller, body, null, locale);
        }
        // Password hashing is deliberately slow: never on the event loop.
        return Workers.call(() -> Passwords.hash(body.password()))
                .chain(hash -> service.create(caller, body, hash, locale));
    }

    @GET
    @Path("/{id}")
    public Uni<MemberView> get(@PathParam("id") String id) {
        return service.get(caller().workspaceId(), QueryParams.id("id", id));
    }

    /** Adds many emails as pending members, all or nothing; no roles or enrolments; locale and timezone as for one. */
    @POST
    @Path("/batch")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<List<MemberService.BatchMember>> batch(
            @QueryParam("userType") String userType,
            @HeaderParam(HttpHeaders.ACCEPT_LANGUAGE) String acceptLanguage,
            BatchRequest body) {
        String type = QueryParams.oneOf("userType", userType, null, Set.of("student", "team"));
        if (body == null) {
            throw ApiException.invalid("emails", "is required");
        }
        return service.batch(caller(), type, body.emails(), MemberDefaults.locale(acceptLanguage));
    }

    /** Deactivates the member in this workspace only. */
    @PATCH
    @Path("/unlink/{user}")
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    public Uni<Void> unlink(@PathParam("user") String user) {
        return service.unlink(caller(), QueryParams.id("user", user));
    }

    /** Removes the member and their enrolments from this workspace (201, as the spec lists). */
    @DELETE
    @Path("/{user}")
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = MemberView.class,
            responseCode = "201",
            responseDescription = "The removed member (201, as the spec lists)")
    public Uni<MemberView> delete(@PathParam("user") String user) {
        return service.delete(caller(), QueryParams.id("user", user));
    }

    /** {@code type} student|teacher, or the deprecated {@code action} study|teach. */
    @GET
    @Path("/{id}/groups")
    public Uni<List<GroupService.MemberGroup>> ofMember(
            @PathParam("id") String id, @QueryParam("type") String type, @QueryParam("action") String action) {
        String role = QueryParams.oneOf("type", type, null, Set.of("student", "teacher"));
        String alias = QueryParams.oneOf("action", action, null, Set.of("study", "teach"));
        if (role != null && alias != null && !role.equals("study".equals(alias) ? "student" : "teacher")) {
            throw ApiException.invalid("action", "contradicts type");
        }
        if (role == null && alias != null) {
            role = "study".equals(alias) ? "student" : "teacher";
        }
        return groups.ofMember(caller().workspaceId(), QueryParams.id("id", id), role);
    }

    public record BatchRequest(List<String> emails) {}

    private WorkspaceCaller caller() {
        return Callers.workspace(identity);
    }
}
