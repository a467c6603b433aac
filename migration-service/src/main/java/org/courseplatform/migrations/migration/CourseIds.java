package org.courseplatform.migrations.migration;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.DigitId;
import org.courseplatform.platform.web.ErrorCode;

/**
 * Reads {@code courseIds} of a migration request: ids as numbers or digit strings ({@link DigitId}), repeated ids
 * counted once, at most {@value #MAX} unique ids. Every bad entry is named in one 400.
 */
final class CourseIds {

    static final int MAX = 50;

    private CourseIds() {}

    /** The unique ids in the order first asked. */
    static List<Long> parse(JsonNode courseIds) {
        if (courseIds == null || courseIds.isNull() || courseIds.isMissingNode()) {
            throw ApiException.invalid("courseIds", "is required");
        }
        if (!courseIds.isArray()) {
            throw ApiException.invalid("courseIds", "must be an array of course ids");
        }
        if (courseIds.isEmpty()) {
            throw ApiException.invalid("courseIds", "must contain at least one course id");
        }
        Set<Long> ids = new LinkedHashSet<>();
        List<ApiError.Detail> problems = new ArrayList<>();
        for (int i = 0; i < courseIds.size(); i++) {
            Long id = id(courseIds.get(i));
            if (id == null) {
                if (problems.size() < 100) {
                    problems.add(new ApiError.Detail(
                            "courseIds[" + i + "]", "must be a course id: a positive integer or a string of digits"));
                }
            } else {
                ids.add(id);
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        if (ids.size() > MAX) {
            throw new ApiException(
                    ErrorCode.BAD_REQUEST,
                    "courseIds max=" + MAX + ", asked for " + ids.size(),
                    List.of(new ApiError.Detail("courseIds", "max=" + MAX + ", asked for " + ids.size())),
                    null);
        }
        return List.copyOf(ids);
    }

    private static Long id(JsonNode value) {
        return DigitId.parse(value);
    }
}
