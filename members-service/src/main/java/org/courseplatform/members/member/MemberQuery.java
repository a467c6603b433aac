package org.courseplatform.members.member;

import java.util.Map;
import java.util.Set;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.QueryParams;

/** The validated query of GET /api/v1/members. */
record MemberQuery(String search, String sort, boolean reverse, String state, int page, int limit) {

    /** Each order matches one index of membership (V3), read forwards or backwards. */
    static final Map<String, String> ORDER = Map.of(
            "name", "m.sort_first %1$s, m.sort_last %1$s, m.user_id %1$s",
            "namelastfirst", "m.sort_last %1$s, m.sort_first %1$s, m.user_id %1$s",
            "username", "m.sort_username %1$s, m.user_id %1$s",
            "email", "m.sort_email %1$s, m.user_id %1$s",
            "created", "m.user_created_at %1$s, m.user_id %1$s",
            "added", "m.added_at %1$s, m.user_id %1$s");

    static MemberQuery parse(String search, String sort, String reverse, String state, String page, String limit) {
        if (search != null && search.length() > 200) {
            throw ApiException.invalid("search", "must be at most 200 characters");
        }
        return new MemberQuery(
                search == null || search.isBlank() ? null : search.strip(),
                QueryParams.oneOf("sort", sort, "namelastfirst", ORDER.keySet()),
                QueryParams.digits("reverse", reverse, 0, 0, 1) == 1,
                QueryParams.oneOf("state", state, null, Set.of("active", "pending", "inactive")),
                QueryParams.digits("page", page, 0, 0, Integer.MAX_VALUE),
                QueryParams.digits("limit", limit, 5, 0, 100));
    }

    String orderBy() {
        return String.format(ORDER.get(sort), reverse ? "desc" : "asc");
    }
}
