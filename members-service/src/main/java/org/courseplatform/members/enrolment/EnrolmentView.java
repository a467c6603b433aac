package org.courseplatform.members.enrolment;

import java.time.OffsetDateTime;

/** {@code {id, user, course, group, role, created}}: a user in a course, a user in a group, or a group in a course. */
public record EnrolmentView(long id, Long user, Long course, Long group, String role, OffsetDateTime created) {}
