package org.courseplatform.courses.document;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * The publish rule for pictures from the media library (docs/courses.md): each one a learner
 * sees must say what it shows (alt text) or be marked decorative, so a screen reader either reads
 * it or skips it. A library picture is an asset with a {@code mediaId}: an {@code image}
 * element's asset, a screen asset with an image {@code mime}, a {@code flipcard}'s picture.
 * Pictures linked from elsewhere are not judged: documents without library media publish as before.
 */
public final class LibraryImages {

    private LibraryImages() {}

    /** Refuses (422, a detail per screen) a document with a library picture that has neither alt text nor the decorative mark. */
    public static void requireAltText(JsonNode document) {
        List<ApiError.Detail> problems = problems(document);
        if (!problems.isEmpty()) {
            throw new ApiException(
                    ErrorCode.UNPROCESSABLE,
                    "Every picture from the media library needs alt text, or to be marked decorative, before the course"
                            + " is published: " + problems.size()
                            + (problems.size() == 1 ? " screen has" : " screens have")
                            + " one without",
                    problems,
                    null);
        }
    }

    static List<ApiError.Detail> problems(JsonNode document) {
        List<ApiError.Detail> problems = new ArrayList<>();
        JsonNode screens = document == null ? null : document.get("screens");
        if (screens == null || !screens.isArray()) {
            return problems;
        }
        for (int i = 0; i < screens.size(); i++) {
            JsonNode screen = screens.get(i);
            List<String> missing = new ArrayList<>();
            JsonNode asset = screen.get("asset");
            if (fromLibrary(asset)
                    && text(asset, "mime").startsWith("image/")
                    && text(screen, "assetAltText").isBlank()
                    && text(asset, "altText").isBlank()
                    && !flag(screen, "assetDecorative")
                    && !flag(asset, "decorative")) {
                missing.add("the screen's picture");
            }
            JsonNode elements = screen.get("elements");
            if (elements != null && elements.isArray()) {
                for (JsonNode element : elements) {
                    String type = text(element, "type");
                    JsonNode picture = element.get("asset");
                    if ((type.equals("image") || type.equals("flipcard"))
                            && fromLibrary(picture)
                            && text(element, "altText").isBlank()
                            && text(picture, "altText").isBlank()
                            && !flag(element, "decorative")
                            && !flag(picture, "decorative")) {
                        String id = text(element, "id");
                        missing.add("the " + type + (id.isEmpty() ? "" : " " + id) + "'s picture");
                    }
                }
            }
            if (!missing.isEmpty()) {
                String title = text(screen, "title");
                String id = text(screen, "id");
                problems.add(new ApiError.Detail(
                        "screens[" + i + "]",
                        "Screen " + (title.isBlank() ? "" : "\"" + title + "\" ") + "(" + id + "): "
                                + String.join(", ", missing) + " needs alt text, or mark it decorative"));
            }
        }
        return problems;
    }

    private static boolean fromLibrary(JsonNode asset) {
        return asset != null && asset.isObject() && asset.hasNonNull("mediaId");
    }

    private static String text(JsonNode owner, String field) {
        JsonNode value = owner == null ? null : owner.get(field);
        return value != null && value.isTextual() ? value.asText() : "";
    }

    private static boolean flag(JsonNode owner, String field) {
        JsonNode value = owner == null ? null : owner.get(field);
        return value != null && value.isBoolean() && value.booleanValue();
    }
}
