package org.courseplatform.courses.course;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.ArrayNode;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.courseplatform.platform.web.DigitId;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Bodies and answers of the screen and element endpoints of a course draft
 * (docs/course-screens-api.md). Every answer carries the course's new {@code revision}.
 */
public final class ScreenRequests {

    private static final String ELEMENT = "a Builder 2 element: {type, ...the fields of that type}, as in a course "
            + "document (layout {x, y, w, h} optional)";

    private ScreenRequests() {}

    /** An answer that changed the course: its new revision is also the response's ETag. */
    public interface Revised {
        long revision();
    }

    /**
     * POST …/screens: from {@code layoutId}, else a blank screen of {@code type} or {@code typeId};
     * {@code position} is the 0-based index of the first new screen (default: after the last).
     */
    public record NewScreens(
            @Size(max = 100) String layoutId,
            @Size(max = 100) String type,
            @JsonDeserialize(using = DigitId.Small.class) Integer typeId,
            String title,
            @PositiveOrZero Integer position) {}

    /** POST …/screens/{screenId}/elements: one element of the document rules, without an id. */
    public record NewElement(
            @Schema(type = SchemaType.OBJECT, implementation = Object.class, description = ELEMENT)
            JsonNode element,

            @PositiveOrZero Integer position) {}

    /** PATCH …/screens/{screenId}: what is given replaces; {@code elements} replaces the whole list. */
    public record ScreenChanges(
            String title,
            String description,

            @Schema(
                    type = SchemaType.ARRAY,
                    implementation = Object.class,
                    description = "The screen's new elements, in order; " + ELEMENT)
            ArrayNode elements) {}

    public record ScreensAdded(
            long courseId,
            long revision,

            @Schema(
                    type = SchemaType.ARRAY,
                    implementation = Object.class,
                    description = "The new screens as stored, in order")
            List<JsonNode> screens)
            implements Revised {}

    public record ElementAdded(
            long courseId,
            long revision,
            String screenId,

            @Schema(
                    type = SchemaType.OBJECT,
                    implementation = Object.class,
                    description = "The element as stored, with its id")
            JsonNode element)
            implements Revised {}

    public record ScreenUpdated(
            long courseId,
            long revision,

            @Schema(type = SchemaType.OBJECT, implementation = Object.class, description = "The screen as stored")
            JsonNode screen)
            implements Revised {}

    public record ScreenDeleted(long courseId, long revision, String deleted) implements Revised {}
}
