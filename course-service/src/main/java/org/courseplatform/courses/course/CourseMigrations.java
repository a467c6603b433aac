package org.courseplatform.courses.course;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import org.courseplatform.courses.document.ClassicConverter;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.web.ApiException;

/**
 * Classic to Builder 2 migration of one course (SPEC.md, course migration rules 1–5) and the
 * migration preview (API.md). Each call is one transaction that holds the course row locked, so
 * a builder save and a migration never interleave: the draft converted is the draft replaced.
 * Only the draft is touched; nothing is ever published.
 */
@ApplicationScoped
public class CourseMigrations {

    private final CourseService service;
    private final Courses lookup;
    private final MigrationReceiptRepository receipts;
    private final CourseEvents events;
    private final CourseViews views;
    private final ObjectMapper mapper;

    public CourseMigrations(
            CourseService service,
            Courses lookup,
            MigrationReceiptRepository receipts,
            CourseEvents events,
            CourseViews views,
            ObjectMapper mapper) {
        this.service = service;
        this.lookup = lookup;
        this.receipts = receipts;
        this.events = events;
        this.views = views;
        this.mapper = mapper;
    }

    /**
     * The migration result of SPEC.md ({@code courseId, status, total, changed, blocked}) plus
     * the course {@code title} and the ids of the {@code screens} written, which batch items show.
     */
    public record Outcome(
            long courseId,
            String title,
            String status,
            int total,
            int changed,
            List<ClassicConverter.Blocked> blocked,
            List<String> screens) {}

    /** A preview answer: the migration result of the conversion and whether the course is now in preview. */
    public record Preview(
            long courseId,
            String status,
            int total,
            int changed,
            List<ClassicConverter.Blocked> blocked,
            boolean preview) {}

    /**
     * Migrates a course of the workspace: a Classic draft is converted (or left byte-for-byte
     * as it is when a slide blocks it), a Builder 2 draft is {@code already_modern}, and a
     * course in preview is committed (stash dropped, the Builder 2 draft kept). A repeated
     * {@code requestId} answers the first result without doing anything. A course outside the
     * scope (another workspace, or another tenant for an agent's call) is 404.
     */
    @WithTransaction
    public Uni<Outcome> migrate(CourseScope scope, long id, UUID requestId) {
        long workspaceId = scope.workspaceId();
        boolean testMode = scope.testMode();
        // The receipt is read under the course lock, so two calls with one request id cannot both migrate.
        return lookup.findForUpdate(scope, id).chain(course -> {
            Uni<String> earlier = requestId == null ? Uni.createFrom().nullItem() : receipts.find(requestId);
            return earlier.chain(receipt -> receipt != null
                    ? Uni.createFrom().item(read(receipt, Outcome.class))
                    : migrate(course, testMode)
                            .call(outcome -> requestId == null
                                    ? Uni.createFrom().voidItem()
                                    : receipts.record(requestId, id, workspaceId, write(outcome))));
        });
    }

    private Uni<Outcome> migrate(Course course, boolean testMode) {
        course.requireEditable();
        JsonNode draft = read(course.draft, JsonNode.class);
        if (CourseDocuments.BUILDER2.equals(course.format) && course.migrationStash != null) {
            // Rule 4: commit the preview. The counts are those of the conversion the preview made.
            ClassicConverter.Result converted = ClassicConverter.convert(read(course.migrationStash, JsonNode.class));
            course.migrationStash = null;
            course.updatedAt = CourseService.now();
            Log.debugf("Course %s: migration preview committed", String.valueOf(course.id));
            return Uni.createFrom().item(outcome(course, ClassicConverter.MIGRATED, converted));
        }
        ClassicConverter.Result result = ClassicConverter.convert(draft);
        if (!ClassicConverter.MIGRATED.equals(result.status())) {
            // already_modern or blocked: the course is not written at all.
            return Uni.createFrom().item(outcome(course, result.status(), result));
        }
        service.applyDocument(course, service.parse(result.document()));
        course.migrationStash = null;
        return events.emit(Events.COURSE_UPDATED, course, testMode)
                .invoke(() -> Log.debugf(
                        "Course %s migrated to Builder 2 (%d screens)", String.valueOf(course.id), result.changed()))
                .replaceWith(() -> outcome(course, ClassicConverter.MIGRATED, result));
    }

    /**
     * Starts a migration preview: a convertible Classic draft is replaced by its conversion and
     * kept aside. A course already in preview answers as the first call did; a Builder 2 or a
     * blocked course is left as it is, with {@code preview: false}.
     */
    @WithTransaction
    public Uni<Preview> startPreview(CourseScope scope, long id) {
        return lookup.findForUpdate(scope, id).chain(course -> {
            course.requireEditable();
            if (course.migrationStash != null) {
                ClassicConverter.Result earlier = ClassicConverter.convert(read(course.migrationStash, JsonNode.class));
                return Uni.createFrom().item(preview(course, earlier, true));
            }
            ClassicConverter.Result result = ClassicConverter.convert(read(course.draft, JsonNode.class));
            if (!ClassicConverter.MIGRATED.equals(result.status())) {
                return Uni.createFrom().item(preview(course, result, false));
            }
            String classic = course.draft;
            service.applyDocument(course, service.parse(result.document()));
            course.migrationStash = classic;
            return events.emit(Events.COURSE_UPDATED, course, scope.testMode())
                    .replaceWith(() -> preview(course, result, true));
        });
    }

    /** Ends a preview without migrating: the Classic draft comes back; edits made in preview are dropped. */
    @WithTransaction
    public Uni<CourseView> discardPreview(CourseScope scope, long id) {
        return lookup.findForUpdate(scope, id).chain(course -> {
            course.requireEditable();
            if (course.migrationStash == null) {
                throw ApiException.conflict("Course " + id + " is not in migration preview");
            }
            service.applyDocument(course, CourseDocuments.parse(read(course.migrationStash, JsonNode.class)));
            course.migrationStash = null;
            return events.emit(Events.COURSE_UPDATED, course, scope.testMode()).replaceWith(() -> views.of(course));
        });
    }

    private static Outcome outcome(Course course, String status, ClassicConverter.Result result) {
        return new Outcome(
                course.id, course.title, status, result.total(), result.changed(), result.blocked(), result.screens());
    }

    private static Preview preview(Course course, ClassicConverter.Result result, boolean preview) {
        String status = result.status();
        return new Preview(course.id, status, result.total(), result.changed(), result.blocked(), preview);
    }

    private <T> T read(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored migration JSON is not readable", e);
        }
    }

    private String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
