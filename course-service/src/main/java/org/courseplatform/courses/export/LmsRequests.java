package org.courseplatform.courses.export;

/** Bodies of the LMS launch API; every field is checked in {@link LmsSessionService}. */
public final class LmsRequests {

    private LmsRequests() {}

    /**
     * POST /v1/headless/player/lms-sessions: the package's {@code token} and the LMS learner as
     * the launcher read it from the SCORM API ({@code cmi.core.student_id}/{@code cmi.learner_id}
     * and the name). The id identifies the learner; the name is display only and not kept.
     */
    public record Exchange(String token, String learnerId, String learnerName) {}
}
