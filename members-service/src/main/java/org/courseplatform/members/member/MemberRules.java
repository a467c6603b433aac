package org.courseplatform.members.member;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/** Validation of member input: the rules of SPEC.md (Members) and API.md, in one place. */
final class MemberRules {

    static final Set<String> USER_TYPES = Set.of("student", "team");
    private static final Pattern EMAIL = Pattern.compile(
            "^[^@\\s\"<>(),;:\\\\\\[\\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    private MemberRules() {}

    static boolean validEmail(String email) {
        return email != null && email.length() <= 254 && EMAIL.matcher(email).matches();
    }

    static String normaliseEmail(String email) {
        return email.strip().toLowerCase(Locale.ROOT);
    }

    /** The request, validated; every problem is named in {@code details}. */
    static void validate(MemberRequest r) {
        if (r == null) {
            throw ApiException.invalid("email", "is required");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        if (r.email() == null || r.email().isBlank()) {
            problems.add(new ApiError.Detail("email", "is required"));
        } else if (!validEmail(r.email().strip())) {
            problems.add(new ApiError.Detail("email", "must be a valid email address"));
        }
        if (r.userType() != null && !USER_TYPES.contains(r.userType())) {
            problems.add(new ApiError.Detail("userType", "must be student or team"));
        }
        length(problems, "username", r.username(), 254);
        length(problems, "firstname", r.firstname(), 200);
        length(problems, "lastname", r.lastname(), 200);
        length(problems, "timezone", r.timezone(), 64);
        length(problems, "locale", r.locale(), 35);
        length(problems, "email_verified", r.emailVerified(), 64);
        if (r.username() != null && r.username().isBlank()) {
            problems.add(new ApiError.Detail("username", "must not be blank"));
        }
        if (r.password() != null && (r.password().length() < 8 || r.password().length() > 200)) {
            problems.add(new ApiError.Detail("password", "must be 8 to 200 characters"));
        }
        if (r.avatar() != null && (r.avatar().length() > 2000 || !r.avatar().matches("(?i)^https?://\\S+$"))) {
            problems.add(new ApiError.Detail("avatar", "must be an http(s) URL"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
    }

    private static void length(List<ApiError.Detail> problems, String field, String value, int max) {
        if (value != null && value.length() > max) {
            problems.add(new ApiError.Detail(field, "must be at most " + max + " characters"));
        }
    }
}
