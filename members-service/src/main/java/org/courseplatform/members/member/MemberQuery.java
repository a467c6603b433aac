package org.courseplatform.members.member;

import java.util.Map;
import java.util.Set;
import org.courseplatform.platform.web.QueryParams;

/** The validated query of GET /api/v1/members. */
record MemberQuery(String search, String sort, boolean reverse, String state, int page, int limit) {

    static final Map<String, String> ORDER = Map.of(
            "name", "lower(u.firstname) %1$s nulls last, lower(u.lastname) %1$s nulls last, u.id %1$s",
            "namelastfirst", "lower(u.lastname) %1$s nulls last, lower(u.firstname) %1$s nulls last, u.id %1$s",
            "username", "lower(u.username) %1$s, u.id %1$s",
            "email", "lower(u.email) %1$s, u.id %1$s",
            "created", "u.created_at %1$s, u.id %1$s",
            "added", "m.added_at %1$s, u.id %1$s");

    static MemberQuery parse(String search, String sort, String reverse, String state, String page, String limit) {
        if (search != null && search.length() > 200) {
            throw org.courseplatform.platform.web.ApiException.invalid("search", "must be at most 200 characters");
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
