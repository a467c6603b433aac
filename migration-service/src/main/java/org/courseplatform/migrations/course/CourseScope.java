package org.courseplatform.migrations.course;

import org.courseplatform.platform.auth.WorkspaceCaller;

/**
 * Which courses a migration may touch (DESIGN.md section 6): an API key's, any course of its
 * workspace; an agent's ({@code restricted}), only those of its tenant, the workspace-default
 * tenant (courses without one) when {@code clientIdentifier} is null. course-service applies it,
 * so a course outside it answers as an unknown one (404).
 */
public record CourseScope(long workspaceId, boolean testMode, boolean restricted, String clientIdentifier) {

    public static CourseScope of(WorkspaceCaller caller) {
        return caller.restricted()
                ? new CourseScope(
                        caller.workspaceId(),
                        caller.testMode(),
                        true,
                        caller.agent().clientIdentifier())
                : new CourseScope(caller.workspaceId(), caller.testMode(), false, null);
    }
}
