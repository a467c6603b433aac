package org.courseplatform.courses.media;

import java.util.Set;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;

/**
 * A library list: {@code search} in file names and alt texts, {@code kind}, {@code status}
 * (ready unless asked), and the page: {@code limit} (or {@code length}) with either {@code cursor}
 * (the id of the last medium of the previous page) or {@code page}.
 */
public record MediaQuery(String search, String kind, String status, int limit, Long cursor, int offset) {

    static final int MAX_SEARCH = 200;

    public static MediaQuery parse(
            String search, String kind, String status, String limit, String length, String cursor, String page) {
        String term = search == null || search.isBlank() ? null : search.strip();
        if (term != null && term.length() > MAX_SEARCH) {
            throw ApiException.invalid("search", "must be at most " + MAX_SEARCH + " characters");
        }
        String k = kind == null || kind.isEmpty()
                ? null
                : QueryParams.oneOf("kind", kind, null, Set.of("image", "audio", "video"));
        String s = QueryParams.oneOf("status", status, "ready", Set.of("ready", "pending", "failed"));
        int size = limit != null
                ? QueryParams.digits("limit", limit, 50, 1, 200)
                : QueryParams.digits("length", length, 50, 1, 200);
        Long after = QueryParams.optionalId("cursor", cursor);
        int p = QueryParams.digits("page", page, 0, 0, 100_000);
        if (after != null && p > 0) {
            throw ApiException.invalid("page", "give either cursor or page, not both");
        }
        return new MediaQuery(term, k, s, size, after, p * size);
    }
}
