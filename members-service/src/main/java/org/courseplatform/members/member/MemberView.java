package org.courseplatform.members.member;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.OffsetDateTime;

/**
 * A member as the API answers it: every creation field under its creation name except the
 * password, plus id, state (in this workspace), created and added (joined this workspace).
 */
public record MemberView(
        long id,
        String email,
        String userType,
        String username,
        String firstname,
        String lastname,
        String timezone,
        String avatar,
        @JsonProperty("email_verified") String emailVerified,
        String locale,
        boolean active,

        @JsonProperty("disable_course_enrolment_notification")
        boolean disableCourseEnrolmentNotification,

        String state,
        OffsetDateTime created,
        OffsetDateTime added) {}
