package org.courseplatform.members.member;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.OffsetDateTime;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A member as the API answers it: every creation field under its creation name except the
 * password, plus id, state (in this workspace), created and added (joined this workspace).
 */
public record MemberView(
        long id,
        String email,
        @Schema(nullable = true) String userType,
        @Schema(nullable = true) String username,
        @Schema(nullable = true) String firstname,
        @Schema(nullable = true) String lastname,
        @Schema(nullable = true) String timezone,
        @Schema(nullable = true) String avatar,

        @JsonProperty("email_verified") @Schema(nullable = true)
        String emailVerified,

        @Schema(nullable = true) String locale,
        boolean active,

        @JsonProperty("disable_course_enrolment_notification")
        boolean disableCourseEnrolmentNotification,

        String state,
        OffsetDateTime created,
        OffsetDateTime added) {}
