package org.courseplatform.courses.editor;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.courses.course.CourseView;
import org.courseplatform.courses.document.ElementType;

/** Answers of the editor API (docs/course-builder.md, "Editor API"). */
public final class EditorViews {

    private EditorViews() {}

    /** GET /catalogue. */
    public record Catalogue(
            List<ElementTypeInfo> elementTypes, List<ScreenTypeInfo> screenTypes, List<LayoutInfo> layouts) {}

    /** An element type and its known fields ({@code {name, kind, required}}). */
    public record ElementTypeInfo(String type, List<ElementType.Field> fields) {}

    public record ScreenTypeInfo(String type, int typeId) {}

    /** A layout and the screen documents it creates (placeholder copy and ids). */
    public record LayoutInfo(String id, String name, String category, String screenType, List<ObjectNode> screens) {}

    /**
     * The course, its draft and the draft's revision. {@code migrationPreview} is whether a Classic
     * to Builder 2 preview is active; left out of the revert answer.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CourseDraft(CourseView course, JsonNode document, long revision, Boolean migrationPreview) {}

    /** A saved draft: the course, the revision the save made (also the ETag) and when. */
    public record CourseSaved(CourseView course, long revision, OffsetDateTime savedAt) {}

    /**
     * A published course and the draft's revision after publishing: publishing changes the course,
     * so the revision grows, and the editor's next save names the new one.
     */
    public record CoursePublished(CourseView course, long revision) {}

    /** The migration result of starting a preview: {@code status}, counts and the slides that block it. */
    public record PreviewResult(String status, int total, int changed, List<Blocked> blocked) {}

    public record Blocked(String screenId, String reason) {}

    /** A migration preview step; {@code preview} only when it was started. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Migration(
            PreviewResult preview, CourseView course, JsonNode document, long revision, boolean migrationPreview) {}

    /** The session's library screen, or its quiz group (cover, question, results) in order. */
    public record Screens(List<ScreenInfo> screens) {}

    /** One library screen: {@code role} is its part of a quiz group ({@code cover}, {@code question}, {@code results}), else null. */
    public record ScreenInfo(
            long id,
            String title,
            String layoutId,
            String type,
            int typeId,
            String role,
            JsonNode document,
            long revision) {}

    public record ScreenSaved(long id, long revision, OffsetDateTime savedAt) {}
}
