package org.courseplatform.platform.events;

/** The platform's topics; each has one writer and is keyed by workspace id. */
public final class Topics {

    public static final String MEMBER_EVENTS = "member-events";
    public static final String COURSE_EVENTS = "course-events";
    public static final String SCORM_EVENTS = "scorm-events";
    public static final String MIGRATION_EVENTS = "migration-events";

    private Topics() {}
}
