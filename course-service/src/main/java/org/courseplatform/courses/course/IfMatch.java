package org.courseplatform.courses.course;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * An {@code If-Match} request header against a course's revision, whose ETag is
 * {@code "<revision>"}. It lets an editor that read revision 7 say "only if it is still 7", so
 * a change made meanwhile by someone else is never overwritten unseen.
 *
 * <p>Accepted forms: absent (no condition), {@code *} (any revision), a list of ETags such as
 * {@code "7"} or {@code "7", "8"}, and bare digits ({@code 7}) for clients that drop the quotes.
 * A weak ETag ({@code W/"7"}) never matches: If-Match compares strongly (RFC 9110, 13.1.1).
 * Anything else is a 400 naming {@code If-Match}.
 */
public record IfMatch(boolean given, boolean any, List<Long> revisions) {

    public static final IfMatch NONE = new IfMatch(false, false, List.of());

    private static final String HEADER = "If-Match";
    private static final String FORM = "must be the ETag of the revision you read, like \"12\", or *";

    public static IfMatch parse(String header) {
        if (header == null || header.isBlank()) {
            return NONE;
        }
        String value = header.strip();
        if (value.equals("*")) {
            return new IfMatch(true, true, List.of());
        }
        if (value.length() > 1000) {
            throw ApiException.invalid(HEADER, FORM);
        }
        List<Long> revisions = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String tag = part.strip();
            boolean weak = tag.startsWith("W/");
            if (weak) {
                tag = tag.substring(2);
            }
            if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
                tag = tag.substring(1, tag.length() - 1);
            } else if (weak) {
                throw ApiException.invalid(HEADER, FORM);
            }
            if (tag.isEmpty() || tag.length() > 18 || !tag.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw ApiException.invalid(HEADER, FORM);
            }
            if (!weak) {
                revisions.add(Long.parseLong(tag));
            }
        }
        return new IfMatch(true, false, List.copyOf(revisions));
    }

    /** Passes when there is no condition or {@code current} meets it; 412 with the current ETag otherwise. */
    void check(long courseId, long current) {
        if (!given || any || revisions.contains(current)) {
            return;
        }
        String asked = revisions.isEmpty() ? "a weak ETag" : "revision " + revisions.get(0);
        throw new ApiException(ErrorCode.PRECONDITION_FAILED, "Course " + courseId + " is at revision " + current
                + ", not " + asked + ": it changed since you read it. Re-read the course (GET /v1/headless/course/"
                + courseId + "/content) and apply your change to revision " + current + ".",
                null, Map.of("ETag", etag(current)));
    }

    /** The ETag of a revision: the number in double quotes. */
    public static String etag(long revision) {
        return "\"" + revision + "\"";
    }
}
