package org.courseplatform.courses.editor;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Bodies of the editor API. {@link CourseEditor} and {@link ScreenEditor} check them after the session, so a call
 * without a valid editing session is refused (401/403) before its body is judged.
 */
public final class EditorRequests {

    private EditorRequests() {}

    /** POST /course: the new course's title (1-500 characters) and optional description. */
    public record NewCourse(String title, String description) {}

    /** PUT /course/content (a whole Builder 2 course) and PUT /screen/{id} (one Builder 2 screen). */
    public record Document(JsonNode document) {}

    /** POST /screen: the catalogue layout to create. */
    public record NewScreen(String layoutId) {}
}
