package org.courseplatform.courses.course;

import org.courseplatform.platform.auth.WorkspaceCaller;

/**
 * Which courses a call may see (DESIGN.md section 6): an API key without {@code clientIdentifier}
 * sees every tenant of its workspace; with one, only that tenant. Another workspace's or tenant's
 * course is as unknown as a missing one (404).
 */
public record CourseScope(long workspaceId, String clientIdentifier, boolean anyTenant, boolean testMode) {

    public static CourseScope of(WorkspaceCaller caller, String clientIdentifier) {
        boolean given = clientIdentifier != null && !clientIdentifier.isEmpty();
        return new CourseScope(caller.workspaceId(), given ? clientIdentifier : null, !given, caller.testMode());
    }

    boolean sees(Course course) {
        return course.workspaceId == workspaceId
                && (anyTenant || java.util.Objects.equals(clientIdentifier, course.clientIdentifier));
    }
}
