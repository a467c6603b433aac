package org.courseplatform.members.enrolment;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.events.EventData.Enrolment;
import org.courseplatform.platform.events.EventData.EnrolmentChange;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Paged;

/**
 * Enrolments: a user in a course, a user in a group (with a role), or a group in a course.
 * Ids are checked against the workspace (members, groups, and the course projection); every
 * change commits with its {@code enrolment.*} event; batches apply all or nothing.
 */
@ApplicationScoped
public class EnrolmentService {

    private final EnrolmentRepository enrolments;
    private final Outbox outbox;

    public EnrolmentService(EnrolmentRepository enrolments, Outbox outbox) {
        this.enrolments = enrolments;
        this.outbox = outbox;
    }

    /** A page of enrolments, oldest first ({@link EnrolmentRepository#page}). */
    @WithSession
    public Uni<Paged<EnrolmentView>> list(
            long ws, Long course, Long group, Long user, String search, int page, int length) {
        return enrolments.page(ws, course, group, user, search, page, length);
    }

    /** Roles a user's enrolment (in a course or in a group) may take. */
    static final String ROLES = "student or teacher";

    /**
     * One enrolment of the three kinds. A user's enrolment takes the role asked ({@code student}
     * when none is given); repeating one answers the existing row, changed only when a different
     * role is asked. A group is enrolled in a course without a role of its own (its members keep
     * their roles in the group), so {@code teacher} there is refused rather than ignored.
     */
    @WithTransaction
    public Uni<EnrolmentView> create(WorkspaceCaller caller, Long user, Long course, Long group, String role) {
        long ws = caller.workspaceId();
        if (user != null && course != null && group == null) {
            return requireAll(ws, List.of(user), List.of(course), List.of())
                    .chain(() -> upsert(caller, user, course, null, role, true));
        }
        if (user != null && group != null && course == null) {
            return requireAll(ws, List.of(user), List.of(), List.of(group))
                    .chain(() -> upsert(caller, user, null, group, role, true));
        }
        if (group != null && course != null && user == null) {
            if ("teacher".equals(role)) {
                throw ApiException.invalid(
                        "role",
                        "a group is enrolled in a course as students; role " + ROLES
                                + " applies to a user in a course (user and course) or in a group (user and group)");
            }
            return requireAll(ws, List.of(), List.of(course), List.of(group))
                    .chain(() -> upsert(caller, null, course, group, null, true));
        }
        throw ApiException.badRequest("Give user and course, user and group (with role), or group and course");
    }

    /** Removes the enrolment the query names; 404 when there is none. */
    @WithTransaction
    public Uni<Void> delete(WorkspaceCaller caller, Long user, Long course, Long group, String role) {
        boolean oneKind = user != null && course != null && group == null
                || user != null && group != null && course == null
                || group != null && course != null && user == null;
        if (!oneKind) {
            throw ApiException.badRequest("Give user and course, user and group (with role), or group and course");
        }
        return enrolments
                .delete(caller.workspaceId(), user, course, group, role == null ? "student" : role)
                .chain(deleted -> {
                    if (deleted == null) {
                        throw ApiException.notFound("No such enrolment");
                    }
                    return emit(Events.ENROLMENT_DELETED, caller, deleted);
                });
    }

    /** Most ids one batch list may hold, as in the member batch. */
    static final int MAX_BATCH_IDS = 1000;
    /**
     * Most enrolments one batch may write: students x (courses + groups). A batch is one
     * transaction; ten million upserts would hold its locks for hours.
     */
    static final int MAX_BATCH_ENROLMENTS = 10_000;

    /** Every student into every course and group given, all or nothing. */
    @WithTransaction
    public Uni<Void> batch(WorkspaceCaller caller, List<Long> students, List<Long> courses, List<Long> groups) {
        capped("students", students);
        capped("courses", courses);
        capped("groups", groups);
        List<Long> s = distinct(students);
        List<Long> c = distinct(courses);
        List<Long> g = distinct(groups);
        long asked = (long) s.size() * (c.size() + g.size());
        if (asked > MAX_BATCH_ENROLMENTS) {
            throw ApiException.invalid(
                    "students",
                    "times courses and groups makes " + asked + " enrolments; one batch may write at most "
                            + MAX_BATCH_ENROLMENTS);
        }
        if (s.isEmpty()) {
            throw ApiException.invalid("students", "must list at least one member id");
        }
        if (c.isEmpty() && g.isEmpty()) {
            throw ApiException.invalid("courses", "give courses or groups");
        }
        long ws = caller.workspaceId();
        return requireAll(ws, s, c, g)
                .chain(() -> enrolments.insertMissing(ws, s, c, g))
                .chain(created -> emitCreated(caller, created, 0));
    }

    /** A group into several courses, all or nothing. */
    @WithTransaction
    public Uni<Void> groupBatch(WorkspaceCaller caller, Long group, List<Long> courses) {
        if (group == null) {
            throw ApiException.invalid("group", "is required");
        }
        capped("courses", courses);
        List<Long> c = distinct(courses);
        if (c.isEmpty()) {
            throw ApiException.invalid("courses", "must list at least one course id");
        }
        long ws = caller.workspaceId();
        return requireAll(ws, List.of(), c, List.of(group))
                .chain(() -> enrolments.insertMissingGroupCourses(ws, group, c))
                .chain(created -> emitCreated(caller, created, 0));
    }

    /** One {@code enrolment.created} per row a batch inserted, in id order; none for rows that existed. */
    private Uni<Void> emitCreated(WorkspaceCaller caller, List<EnrolmentView> created, int i) {
        if (i == created.size()) {
            return Uni.createFrom().voidItem();
        }
        return emit(Events.ENROLMENT_CREATED, caller, created.get(i)).chain(() -> emitCreated(caller, created, i + 1));
    }

    /**
     * Inserts the enrolment unless it exists (race-free: a concurrent request's row is waited for
     * and answered), emitting {@code enrolment.created} only for a row this call inserted. An
     * existing row keeps its role unless another one is asked ({@code role} null asks none).
     */
    private Uni<EnrolmentView> upsert(
            WorkspaceCaller caller, Long user, Long course, Long group, String role, boolean retry) {
        long ws = caller.workspaceId();
        return enrolments
                .insertIfAbsent(ws, user, course, group, role == null ? "student" : role)
                .chain(created -> {
                    if (created != null) {
                        return emit(Events.ENROLMENT_CREATED, caller, created).replaceWith(created);
                    }
                    return enrolments.find(ws, user, course, group).chain(existing -> {
                        if (existing == null) {
                            // Removed between the insert and the read by a concurrent delete: once more.
                            if (retry) {
                                return upsert(caller, user, course, group, role, false);
                            }
                            throw ApiException.conflict("The enrolment was removed while it was being made; try again");
                        }
                        if (role == null || existing.role().equals(role)) {
                            return Uni.createFrom().item(existing);
                        }
                        return enrolments.setRole(existing.id(), role).map(changed -> {
                            if (changed == null) {
                                throw ApiException.conflict(
                                        "The enrolment was removed while it was being changed; try again");
                            }
                            return changed;
                        });
                    });
                });
    }

    /** Every id must exist in the workspace; the missing ones are listed (404). */
    private Uni<Void> requireAll(long ws, List<Long> users, List<Long> courses, List<Long> groups) {
        return enrolments
                .missingMembers(ws, users)
                .chain(mu -> enrolments
                        .missingCourses(ws, courses)
                        .chain(mc -> enrolments.missingGroups(ws, groups).map(mg -> {
                            List<ApiError.Detail> details = new ArrayList<>();
                            mu.forEach(id ->
                                    details.add(new ApiError.Detail("user", "no member " + id + " in this workspace")));
                            mc.forEach(id -> details.add(
                                    new ApiError.Detail("course", "no course " + id + " in this workspace")));
                            mg.forEach(id ->
                                    details.add(new ApiError.Detail("group", "no group " + id + " in this workspace")));
                            if (!details.isEmpty()) {
                                throw new ApiException(
                                        ErrorCode.NOT_FOUND,
                                        details.size() == 1
                                                ? details.get(0).message()
                                                : details.size() + " ids do not exist in this workspace",
                                        details,
                                        null);
                            }
                            return null;
                        })))
                .replaceWithVoid();
    }

    private Uni<Void> emit(EventType<EnrolmentChange> type, WorkspaceCaller caller, EnrolmentView view) {
        Enrolment enrolment =
                new Enrolment(view.id(), view.user(), view.course(), view.group(), view.role(), view.created());
        return outbox.add(
                        type,
                        Long.toString(view.id()),
                        caller.workspaceId(),
                        caller.testMode(),
                        new EnrolmentChange(enrolment))
                .replaceWithVoid();
    }

    private static void capped(String field, List<Long> ids) {
        if (ids != null && ids.size() > MAX_BATCH_IDS) {
            throw ApiException.invalid(field, "may list at most " + MAX_BATCH_IDS + " ids");
        }
    }

    private static List<Long> distinct(List<Long> ids) {
        if (ids == null) {
            return List.of();
        }
        for (Long id : ids) {
            if (id == null || id <= 0) {
                throw ApiException.badRequest("Ids must be positive integers");
            }
        }
        return List.copyOf(new LinkedHashSet<>(ids));
    }
}
