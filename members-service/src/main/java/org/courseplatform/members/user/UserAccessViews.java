package org.courseplatform.members.user;

import java.util.List;

/** The answers of the internal user API. */
public final class UserAccessViews {

    private UserAccessViews() {}

    /**
     * One membership of a user: the workspace, the member (its id is the user's), the email,
     * {@code userType} (team, student or null), {@code status} (active, pending, inactive) and the
     * workspace's plan and entitlements, which decide what the member may use there.
     * {@code passwordWorkspaceId} is the user's, the same on every membership: the workspace that
     * chose the password their sign-in account was given (null: none was), which that password
     * alone may open until the person sets their own.
     */
    public record Membership(
            long workspaceId,
            long memberId,
            String email,
            String userType,
            String status,
            String plan,
            List<String> addons,
            List<String> features,
            Long passwordWorkspaceId) {}

    /**
     * A course the member is enrolled in, with its title and tenant from the course projection;
     * {@code groupId} is the group it came through (null: enrolled directly), {@code role} the role.
     */
    public record EnrolledCourse(long courseId, String title, String clientIdentifier, Long groupId, String role) {}

    /** The answer of a password-link request: {@code sent}, {@code recently_sent} or {@code unavailable}. */
    public record PasswordLink(String outcome) {}
}
