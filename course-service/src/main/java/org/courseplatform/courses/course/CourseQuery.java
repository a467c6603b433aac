package org.courseplatform.courses.course;

import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;
import org.courseplatform.platform.web.QueryParams;

/**
 * The validated filters and paging of GET /v1/headless/courses. {@code folderId}: a folder's id, or
 * {@link #NO_FOLDER} for {@code folderId=none} (the courses in no folder); null: any.
 */
record CourseQuery(
        String identifier,
        String clientIdentifier,
        String title,
        boolean deleted,
        Long folderId,
        int page,
        int length) {

    static final long NO_FOLDER = 0;

    static CourseQuery parse(
            String identifier,
            String clientIdentifier,
            String title,
            String deleted,
            String folderId,
            String page,
            String length) {
        CourseQuery query = new CourseQuery(
                text("identifier", identifier),
                text("clientIdentifier", clientIdentifier),
                text("title", title),
                QueryParams.bool("deleted", deleted, false),
                folder(folderId),
                QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                QueryParams.digits("length", length, 100, 0, 1000));
        Paged.start(query.page(), query.length()); // a page past any int offset is a 400
        return query;
    }

    private static Long folder(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.equals("none")) {
            return NO_FOLDER;
        }
        if (!value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw ApiException.invalid("folderId", "must be a folder id or none");
        }
        return QueryParams.optionalId("folderId", value);
    }

    private static String text(String name, String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.length() > 255) {
            throw ApiException.invalid(name, "must be at most 255 characters");
        }
        return value;
    }
}
