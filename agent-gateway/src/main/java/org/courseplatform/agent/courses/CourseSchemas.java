package org.courseplatform.agent.courses;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.courseplatform.agent.tool.Schemas;

/** Output schemas shared by the course tools: a course as course-service answers it (API.md, Courses). */
final class CourseSchemas {

    static final ObjectNode COURSE = Schemas.output()
            .required("id", Schemas.integer("The course id", 1, null))
            .required(
                    "type",
                    Schemas.enumOf("course for authored courses, scorm for hosted SCORM packages", "course", "scorm"))
            .optional("format", Schemas.nullableString("classic or builder2; null for scorm"))
            .required("title", Schemas.string("The title"))
            .optional("description", Schemas.nullableString("The description"))
            .optional("key", Schemas.string("A stable public key of the course"))
            .optional("identifier", Schemas.nullableString("The owner's end-user identifier"))
            .optional("clientIdentifier", Schemas.nullableString("The tenant; null for the workspace-default tenant"))
            .required("published", Schemas.bool("Whether a published version exists"))
            .optional("publishedAt", Schemas.nullableString("When it was last published"))
            .required("deleted", Schemas.bool("Soft-deleted (restore_course brings it back)"))
            .optional(
                    "timeEstimateMinutes",
                    Schemas.nullableInteger("Minutes of the start screen's time estimate, or null"))
            .optional("screenCount", Schemas.integer("Number of screens in the draft", 0, null))
            .optional("created", Schemas.string("Creation time"))
            .optional("updated", Schemas.string("Last change"))
            .build();

    /** {@code {course}}: the answer of the tools that act on one course. */
    static final ObjectNode ONE_COURSE =
            Schemas.output().required("course", COURSE).build();

    /** The course id argument of every tool that names one course. */
    static final ObjectNode COURSE_ID = Schemas.courseId("The id of the course (list_courses finds it)");

    /** The optional revision argument of the tools that edit a draft. */
    static final ObjectNode REVISION = Schemas.integer(
            "The draft revision your change is based on (from get_course_document "
                    + "or a previous edit). When given and the course has changed since, nothing is changed and the result is a "
                    + "conflict; omit it to apply the change to the current draft",
            0,
            null);

    private CourseSchemas() {}
}
