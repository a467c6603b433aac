package org.courseplatform.courses.export;

/** Bodies of the LMS launch API; every field is checked in {@link LmsSessionService}. */
public final class LmsRequests {

    private LmsRequests() {}

    /**
     * POST /v1/headless/player/lms-sessions: the package's {@code token}, the LMS learner as the
     * launcher read it from the SCORM API ({@code cmi.core.student_id}/{@code cmi.learner_id} and the
     * name; the name is display only and not kept) and, from the second launch on, the
     * {@code learnerKey} the first launch answered, which the launcher kept in the LMS's suspend data.
     */
    public record Exchange(String token, String learnerId, String learnerName, String learnerKey) {}
}
