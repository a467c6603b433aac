package org.courseplatform.platform.events;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.courseplatform.platform.events.EventData.ApiKeyChange;
import org.courseplatform.platform.events.EventData.Batch;
import org.courseplatform.platform.events.EventData.BatchProgress;
import org.courseplatform.platform.events.EventData.CourseChange;
import org.courseplatform.platform.events.EventData.CourseProgress;
import org.courseplatform.platform.events.EventData.EnrolmentChange;
import org.courseplatform.platform.events.EventData.MemberChange;
import org.courseplatform.platform.events.EventData.QuizResult;
import org.courseplatform.platform.events.EventData.WorkspaceChange;

/**
 * The catalogue of the platform's events: every type a service publishes, the topic it is
 * published on and the record its {@code data} is ({@link EventData}). Services write events only
 * through these entries ({@link Outbox#add(EventType, String, long, Boolean, Object)}), consumers
 * recognise them with {@link EventType#is}, and webhook-dispatcher's subscribable list is
 * {@link #subscribableNames()}. A type name may appear on two topics (the course player and the
 * SCORM player both report progress); it then has one entry per topic and the same {@code data}.
 */
public final class Events {

    // member-events (members-service)
    public static final EventType<MemberChange> MEMBER_CREATED =
            internal("member.created", Topics.MEMBER_EVENTS, MemberChange.class);
    public static final EventType<MemberChange> MEMBER_DEACTIVATED =
            internal("member.deactivated", Topics.MEMBER_EVENTS, MemberChange.class);
    public static final EventType<MemberChange> MEMBER_DELETED =
            internal("member.deleted", Topics.MEMBER_EVENTS, MemberChange.class);
    public static final EventType<EnrolmentChange> ENROLMENT_CREATED =
            internal("enrolment.created", Topics.MEMBER_EVENTS, EnrolmentChange.class);
    public static final EventType<EnrolmentChange> ENROLMENT_DELETED =
            internal("enrolment.deleted", Topics.MEMBER_EVENTS, EnrolmentChange.class);
    public static final EventType<WorkspaceChange> WORKSPACE_CREATED =
            internal("workspace.created", Topics.MEMBER_EVENTS, WorkspaceChange.class);
    public static final EventType<WorkspaceChange> WORKSPACE_UPDATED =
            internal("workspace.updated", Topics.MEMBER_EVENTS, WorkspaceChange.class);
    public static final EventType<ApiKeyChange> APIKEY_CREATED =
            internal("apikey.created", Topics.MEMBER_EVENTS, ApiKeyChange.class);
    public static final EventType<ApiKeyChange> APIKEY_REVOKED =
            internal("apikey.revoked", Topics.MEMBER_EVENTS, ApiKeyChange.class);

    // course-events (course-service)
    public static final EventType<CourseChange> COURSE_CREATED =
            subscribable("course.created", Topics.COURSE_EVENTS, CourseChange.class);
    public static final EventType<CourseChange> COURSE_UPDATED =
            internal("course.updated", Topics.COURSE_EVENTS, CourseChange.class);
    public static final EventType<CourseChange> COURSE_DELETED =
            internal("course.deleted", Topics.COURSE_EVENTS, CourseChange.class);
    public static final EventType<CourseChange> COURSE_RESTORED =
            internal("course.restored", Topics.COURSE_EVENTS, CourseChange.class);
    public static final EventType<CourseChange> COURSE_PUBLISHED =
            internal("course.published", Topics.COURSE_EVENTS, CourseChange.class);
    public static final EventType<CourseChange> COURSE_REVERTED =
            internal("course.reverted", Topics.COURSE_EVENTS, CourseChange.class);
    public static final EventType<CourseProgress> COURSE_COMMENCED =
            subscribable("course.commenced", Topics.COURSE_EVENTS, CourseProgress.class);
    public static final EventType<CourseProgress> COURSE_COMPLETED =
            subscribable("course.completed", Topics.COURSE_EVENTS, CourseProgress.class);
    public static final EventType<QuizResult> QUIZ_COMPLETED =
            subscribable("quiz.completed", Topics.COURSE_EVENTS, QuizResult.class);
    public static final EventType<QuizResult> QUIZ_FAILED =
            subscribable("quiz.failed", Topics.COURSE_EVENTS, QuizResult.class);

    // scorm-events (scorm-service)
    public static final EventType<CourseProgress> SCORM_COURSE_COMMENCED =
            subscribable("course.commenced", Topics.SCORM_EVENTS, CourseProgress.class);
    public static final EventType<CourseProgress> SCORM_COURSE_COMPLETED =
            subscribable("course.completed", Topics.SCORM_EVENTS, CourseProgress.class);

    // migration-events (migration-service)
    public static final EventType<BatchProgress> MIGRATION_PROGRESS =
            subscribable("migration.progress", Topics.MIGRATION_EVENTS, BatchProgress.class);
    public static final EventType<Batch> MIGRATION_COMPLETED =
            subscribable("migration.completed", Topics.MIGRATION_EVENTS, Batch.class);

    /** Every entry, in the order above (which is also the order of {@link #subscribableNames()}). */
    public static final List<EventType<?>> ALL = List.of(
            MEMBER_CREATED,
            MEMBER_DEACTIVATED,
            MEMBER_DELETED,
            ENROLMENT_CREATED,
            ENROLMENT_DELETED,
            WORKSPACE_CREATED,
            WORKSPACE_UPDATED,
            APIKEY_CREATED,
            APIKEY_REVOKED,
            COURSE_CREATED,
            COURSE_UPDATED,
            COURSE_DELETED,
            COURSE_RESTORED,
            COURSE_PUBLISHED,
            COURSE_REVERTED,
            COURSE_COMMENCED,
            COURSE_COMPLETED,
            QUIZ_COMPLETED,
            QUIZ_FAILED,
            SCORM_COURSE_COMMENCED,
            SCORM_COURSE_COMPLETED,
            MIGRATION_PROGRESS,
            MIGRATION_COMPLETED);

    private static final List<String> SUBSCRIBABLE = List.copyOf(ALL.stream()
            .filter(EventType::subscribable)
            .map(EventType::name)
            .collect(Collectors.toCollection(LinkedHashSet::new)));

    private Events() {}

    /** The names of the types a webhook endpoint may subscribe to, each once, in catalogue order. */
    public static List<String> subscribableNames() {
        return SUBSCRIBABLE;
    }

    /** Every distinct type name. */
    public static Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        ALL.forEach(type -> names.add(type.name()));
        return names;
    }

    /** The entry for {@code name} on {@code topic}, if the catalogue has one. */
    public static Optional<EventType<?>> find(String topic, String name) {
        return ALL.stream()
                .filter(type -> type.topic().equals(topic) && type.name().equals(name))
                .findFirst();
    }

    private static <D> EventType<D> internal(String name, String topic, Class<D> data) {
        return new EventType<>(name, topic, data, false);
    }

    private static <D> EventType<D> subscribable(String name, String topic, Class<D> data) {
        return new EventType<>(name, topic, data, true);
    }
}
