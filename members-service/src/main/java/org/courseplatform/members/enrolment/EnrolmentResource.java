package org.courseplatform.members.enrolment;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.events.Idempotent;
import org.courseplatform.platform.events.IdempotentRequests;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.DigitId;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestResponse;

/** Enrolments of the caller's workspace. Note the singular path of DELETE (the spec's). */
@Path("/api/v1")
@RolesAllowed(Roles.API_KEY)
@Produces(MediaType.APPLICATION_JSON)
public class EnrolmentResource {

    private static final Pattern SEARCH = Pattern.compile("[\\w\\s-]*", Pattern.UNICODE_CHARACTER_CLASS);

    /** Absent, or up to 200 letters, digits, underscores, hyphens and spaces (length checked first). */
    static boolean validSearch(String search) {
        return search == null
                || search.length() <= 200 && SEARCH.matcher(search).matches();
    }

    private final EnrolmentService service;
    private final SecurityIdentity identity;

    public EnrolmentResource(EnrolmentService service, SecurityIdentity identity) {
        this.service = service;
        this.identity = identity;
    }

    /** Filters by course, group, user and search; ascending by enrolment date; total in X-Total-Count. */
    @GET
    @Path("/enrolments")
    public Uni<RestResponse<List<EnrolmentView>>> list(
            @QueryParam("course") String course,
            @QueryParam("group") String group,
            @QueryParam("user") String user,
            @QueryParam("search") String search,
            @QueryParam("sort") String sort,
            @QueryParam("page") String page,
            @QueryParam("length") String length) {
        if (!validSearch(search)) {
            throw ApiException.invalid("search", "may contain only letters, digits, underscores, hyphens and spaces");
        }
        QueryParams.oneOf("sort", sort, "created", Set.of("created"));
        return service.list(
                        caller().workspaceId(),
                        QueryParams.optionalId("course", course),
                        QueryParams.optionalId("group", group),
                        QueryParams.optionalId("user", user),
                        search == null || search.isBlank() ? null : search.strip(),
                        QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                        QueryParams.digits("length", length, 10, 0, 100))
                .map(p -> p.toResponse());
    }

    /** Form data: user+course or user+group (role student|teacher, default student), or group+course (no role). */
    @Idempotent
    @Parameter(
            name = IdempotentRequests.HEADER,
            in = ParameterIn.HEADER,
            description = IdempotentRequests.HEADER_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @POST
    @Path("/enrolments")
    @Consumes({MediaType.APPLICATION_FORM_URLENCODED, MediaType.MULTIPART_FORM_DATA})
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponseSchema(
            value = EnrolmentView.class,
            responseCode = "201",
            responseDescription = "The enrolment, new or existing")
    public Uni<EnrolmentView> create(
            @RestForm String user, @RestForm String course, @RestForm String group, @RestForm String role) {
        return service.create(
                caller(),
                QueryParams.optionalId("user", user),
                QueryParams.optionalId("course", course),
                QueryParams.optionalId("group", group),
                QueryParams.oneOf("role", role, null, Set.of("student", "teacher")));
    }

    /** Removes one enrolment; {@code role=teacher} removes a trainer from a group (201, as the spec lists). */
    @DELETE
    @Path("/enrolment")
    @ResponseStatus(RestResponse.StatusCode.CREATED)
    @APIResponse(responseCode = "201", description = "Removed (201, as the spec lists)")
    public Uni<Void> delete(
            @QueryParam("user") String user,
            @QueryParam("course") String course,
            @QueryParam("group") String group,
            @QueryParam("role") String role) {
        return service.delete(
                caller(),
                QueryParams.optionalId("user", user),
                QueryParams.optionalId("course", course),
                QueryParams.optionalId("group", group),
                QueryParams.oneOf("role", role, "student", Set.of("student", "teacher")));
    }

    /** Ids are numbers or strings of digits ({@link DigitId}). */
    public record Batch(
            @JsonDeserialize(contentUsing = DigitId.class) List<Long> courses,
            @JsonDeserialize(contentUsing = DigitId.class) List<Long> groups,
            @JsonDeserialize(contentUsing = DigitId.class) List<Long> students) {}

    public record GroupBatch(
            @JsonDeserialize(using = DigitId.class) Long group,
            @JsonDeserialize(contentUsing = DigitId.class) List<Long> courses) {}

    @POST
    @Path("/enrolments/batch")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    @APIResponse(responseCode = "204", description = "Enrolled, all or nothing")
    public Uni<Void> batch(Batch body) {
        if (body == null) {
            throw ApiException.invalid("students", "is required");
        }
        return service.batch(caller(), body.students(), body.courses(), body.groups());
    }

    @POST
    @Path("/enrolments/group/batch")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(RestResponse.StatusCode.NO_CONTENT)
    @APIResponse(responseCode = "204", description = "Enrolled, all or nothing")
    public Uni<Void> groupBatch(GroupBatch body) {
        if (body == null) {
            throw ApiException.invalid("group", "is required");
        }
        return service.groupBatch(caller(), body.group(), body.courses());
    }

    private WorkspaceCaller caller() {
        return Callers.workspace(identity);
    }
}
