package org.courseplatform.courses.course;

import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.ApiException;

/**
 * An {@code If-Match} precondition (RFC 9110 section 13.1.1) on a course draft, whose entity tag
 * is its revision as a strong ETag ({@code "7"}). {@code *} matches any existing draft; a list
 * matches when one of its strong tags is the current one (weak tags never match, as If-Match
 * compares strongly). A value that is not {@code *} or a list of quoted entity tags is a 400:
 * guessing what an unquoted {@code 7} meant could let a stale save through.
 */
public record IfMatch(boolean any, List<String> tags) {

    public static final String HEADER = "If-Match";

    /** The ETag of a revision. */
    public static String etag(long revision) {
        return "\"" + revision + "\"";
    }

    /** The precondition of the request's If-Match header lines, or null when there is none. */
    public static IfMatch parse(List<String> lines) {
        if (lines == null || lines.isEmpty()) {
            return null;
        }
        String value = String.join(",", lines).strip();
        if (value.equals("*")) {
            return new IfMatch(true, List.of());
        }
        List<String> tags = new ArrayList<>();
        int i = 0;
        int n = value.length();
        while (i < n) {
            char c = value.charAt(i);
            if (c == ',' || c == ' ' || c == '\t') {
                i++;
                continue;
            }
            boolean weak = value.startsWith("W/", i);
            int open = weak ? i + 2 : i;
            if (open >= n || value.charAt(open) != '"') {
                throw malformed();
            }
            int close = open + 1;
            while (close < n && value.charAt(close) != '"') {
                char t = value.charAt(close);
                if (t < 0x21 || t == 0x7f) {
                    throw malformed();
                }
                close++;
            }
            if (close >= n) {
                throw malformed();
            }
            if (!weak) {
                tags.add(value.substring(open, close + 1));
            }
            i = close + 1;
            // After a tag only optional whitespace and a comma (or the end) may follow.
            while (i < n && (value.charAt(i) == ' ' || value.charAt(i) == '\t')) {
                i++;
            }
            if (i < n && value.charAt(i) != ',') {
                throw malformed();
            }
        }
        if (tags.isEmpty() && !value.contains("W/")) {
            throw malformed();
        }
        return new IfMatch(false, List.copyOf(tags));
    }

    /** Whether a draft at {@code revision} meets the precondition. */
    public boolean matches(long revision) {
        return any || tags.contains(etag(revision));
    }

    private static ApiException malformed() {
        return ApiException.invalid(HEADER, "must be * or a list of quoted entity tags such as \"7\" (the ETag of GET /v1/headless/course/{id}/content)");
    }
}
