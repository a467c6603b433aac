package org.courseplatform.courses.course;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import org.courseplatform.courses.document.ParsedDocument;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.web.ApiException;

/** What other services may do to course records over {@code /internal/v1/courses}. */
@ApplicationScoped
public class CourseInternals {

    private final CourseService service;
    private final CourseEvents events;
    private final ObjectMapper mapper;
    private final CourseViews views;
    private final CourseRepository courses;

    public CourseInternals(
            CourseService service,
            CourseEvents events,
            ObjectMapper mapper,
            CourseViews views,
            CourseRepository courses) {
        this.service = service;
        this.events = events;
        this.mapper = mapper;
        this.views = views;
        this.courses = courses;
    }

    public record CreateScorm(
            @NotNull @Positive Long workspaceId,
            @Size(min = 1, max = 255) String clientIdentifier,
            @NotBlank @Size(max = 255) String identifier,
            @NotBlank @Size(max = 500) String title,
            @NotNull Boolean testMode,
            @Size(min = 1, max = 128) String uploadHash) {}

    public record Title(
            @NotNull @Positive Long workspaceId,
            @NotBlank @Size(max = 500) String title) {}

    public record Replace(
            @NotNull @Positive Long workspaceId,
            @NotNull @PositiveOrZero Long revision,
            @NotNull JsonNode document) {}

    /** A course with its draft, for converters: the revision guards the replace. */
    public record Draft(CourseView course, long revision, String format, JsonNode draft) {}

    /**
     * The course of a hosted package. With {@code uploadHash} it is made once per upload: asked
     * again (scorm-service's first call timed out, or it died before recording the package), the
     * course made the first time is answered, without a second {@code course.created}, also
     * while the first call is still running (it is waited for).
     */
    @WithTransaction
    public Uni<CourseView> createScorm(CreateScorm request) {
        CourseScope scope =
                new CourseScope(request.workspaceId(), request.clientIdentifier(), false, request.testMode());
        ParsedDocument none = new ParsedDocument(null, request.title().strip(), "", null, 0, null, null);
        if (request.uploadHash() == null) {
            return service.insert(
                    scope, request.identifier(), request.clientIdentifier(), CourseType.SCORM, none, null);
        }
        return courses.lockUpload(request.workspaceId(), request.uploadHash())
                .chain(() -> courses.find(
                                "workspaceId = ?1 and uploadHash = ?2", request.workspaceId(), request.uploadHash())
                        .<Course>firstResult())
                .chain(existing -> existing != null
                        ? Uni.createFrom().item(views.of(existing))
                        : service.insert(
                                scope,
                                request.identifier(),
                                request.clientIdentifier(),
                                CourseType.SCORM,
                                none,
                                request.uploadHash()));
    }

    @WithTransaction
    public Uni<CourseView> setTitle(long id, Title request) {
        return service.find(any(request.workspaceId()), id).chain(course -> {
            course.title = request.title().strip();
            course.updatedAt = CourseService.now();
            return events.emit(Events.COURSE_UPDATED, course, false).replaceWith(views.of(course));
        });
    }

    @WithSession
    public Uni<Draft> draft(long workspaceId, long id) {
        return service.find(any(workspaceId), id).map(this::draftOf);
    }

    @WithTransaction
    public Uni<Draft> replaceDraft(long id, Replace request) {
        ParsedDocument parsed = service.parse(request.document());
        return service.find(any(request.workspaceId()), id).chain(course -> {
            course.requireNative();
            if (course.revision != request.revision()) {
                throw ApiException.conflict("Course " + id + " changed (revision " + course.revision + ", expected "
                        + request.revision() + "); read it again");
            }
            service.applyDocument(course, parsed);
            // Flush now so that the version check (where revision = ?) runs before we answer.
            return events.emit(Events.COURSE_UPDATED, course, false)
                    .call(() -> Panache.flush())
                    .map(ignored -> draftOf(course));
        });
    }

    private Draft draftOf(Course course) {
        try {
            return new Draft(
                    views.of(course),
                    course.revision,
                    course.format,
                    course.draft == null ? null : mapper.readTree(course.draft));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored course document is not JSON", e);
        }
    }

    private static CourseScope any(long workspaceId) {
        return new CourseScope(workspaceId, null, true, false);
    }
}
