package org.courseplatform.members.member;

import com.fasterxml.jackson.annotation.JsonProperty;

/** POST /api/v1/members: the creation fields of the spec, under their creation names. */
public record MemberRequest(
        String email,
        String userType,
        String username,
        String password,
        String firstname,
        String lastname,
        String timezone,
        String avatar,
        @JsonProperty("email_verified") String emailVerified,
        String locale,
        Boolean active,

        @JsonProperty("disable_course_enrolment_notification")
        Boolean disableCourseEnrolmentNotification) {}
