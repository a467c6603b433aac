package org.courseplatform.courses.course;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * An {@code If-Match} request header (RFC 9110 section 13.1.1) against a course draft, whose
 * entity tag is its revision as a strong ETag ({@code "7"}). It lets an editor that read revision
 * 7 say "only if it is still 7", so a change made meanwhile by someone else is never overwritten
 * unseen; every draft change (PUT content, the screen and element edits) takes it.
 *
 * <p>Accepted: absent (no condition), {@code *} (any revision), a list of quoted entity tags
 * ({@code "7"}, {@code "3", "7"}). A weak tag ({@code W/"7"}) never matches, as If-Match compares
 * strongly. Anything else, an unquoted {@code 7} included, is a 400 naming {@code If-Match}:
 * guessing what it meant could let a stale save through.
 */
public record IfMatch(boolean given, boolean any, List<Long> revisions) {

    public static final String HEADER = "If-Match";
    public static final IfMatch NONE = new IfMatch(false, false, List.of());

    private static final String FORM = "must be * or a list of quoted entity tags such as \"7\" "
            + "(the ETag of GET /v1/headless/course/{id}/content)";

    /** The precondition of the request's If-Match header lines; {@link #NONE} when there is none. */
    public static IfMatch parse(List<String> lines) {
        return lines == null || lines.isEmpty() ? NONE : parse(String.join(",", lines));
    }

    public static IfMatch parse(String header) {
        if (header == null || header.isBlank()) {
            return NONE;
        }
        String value = header.strip();
        if (value.equals("*")) {
            return new IfMatch(true, true, List.of());
        }
        if (value.length() > 1000) {
            throw malformed();
        }
        List<Long> revisions = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String tag = part.strip();
            boolean weak = tag.startsWith("W/");
            if (weak) {
                tag = tag.substring(2);
            }
            if (tag.length() < 3 || !tag.startsWith("\"") || !tag.endsWith("\"")) {
                throw malformed();
            }
            tag = tag.substring(1, tag.length() - 1);
            if (tag.length() > 18 || !tag.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw malformed();
            }
            if (!weak) {
                revisions.add(Long.parseLong(tag));
            }
        }
        return new IfMatch(true, false, List.copyOf(revisions));
    }

    /**
     * The precondition of a change that must name its revision (the editor API's saves): absent is
     * 428 {@code PRECONDITION_REQUIRED} naming {@code If-Match}, so an editor can never save blind.
     */
    public static IfMatch required(List<String> lines) {
        IfMatch parsed = parse(lines);
        if (!parsed.given()) {
            throw new ApiException(
                    ErrorCode.PRECONDITION_REQUIRED,
                    "If-Match is required: send the revision you "
                            + "loaded as If-Match: \"<revision>\", so that a newer save is never overwritten unseen",
                    List.of(new ApiError.Detail(
                            HEADER, "is required: the revision the change was made from, such as \"7\"")),
                    null);
        }
        return parsed;
    }

    /** Whether a draft at {@code revision} meets the precondition (always, without one). */
    public boolean matches(long revision) {
        return !given || any || revisions.contains(revision);
    }

    /**
     * Passes when there is no condition or {@code current} meets it; otherwise 412 with the
     * current revision in the message, a detail on {@code If-Match} and the current {@code ETag}.
     */
    void check(long courseId, long current) {
        check("Course " + courseId, current, "the course (GET /v1/headless/course/" + courseId + "/content)");
    }

    /**
     * The same check for anything with a revision: {@code subject} names it in the message
     * ({@code "Screen 12"}), {@code reread} says what to read again.
     */
    public void check(String subject, long current, String reread) {
        if (matches(current)) {
            return;
        }
        throw new ApiException(
                ErrorCode.PRECONDITION_FAILED,
                subject + " has changed since you read it: it is at " + "revision " + current + ". Re-read " + reread
                        + " and reapply your change to revision " + current + ".",
                List.of(new ApiError.Detail(
                        HEADER, "the current revision is " + current + " (ETag " + etag(current) + ")")),
                Map.of("ETag", etag(current)));
    }

    /** The ETag of a revision: the number in double quotes. */
    public static String etag(long revision) {
        return "\"" + revision + "\"";
    }

    private static ApiException malformed() {
        return ApiException.invalid(HEADER, FORM);
    }
}
