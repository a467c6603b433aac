package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

class ScopesTest {

    private static WorkspaceCaller key(List<String> scopes) {
        return new WorkspaceCaller(1, 2, false, Plan.ENTERPRISE, List.of(), List.of(), null, scopes);
    }

    @Test
    void theFamilyComesFromThePathAndReadOrWriteFromTheMethod() {
        assertThat(Scopes.required("POST", "/api/v1/members")).isEqualTo(new Scopes.Needs(Scopes.Family.MEMBERS, true));
        assertThat(Scopes.required("GET", "/api/v1/enrolments"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.MEMBERS, false));
        assertThat(Scopes.required("DELETE", "/v1/headless/webhooks/7"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.WEBHOOKS, true));
        assertThat(Scopes.required("POST", "/v1/headless/scorm-package/upload"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.SCORM, true));
        assertThat(Scopes.required("PATCH", "/v1/headless/course/3"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, true));
        assertThat(Scopes.required("POST", "/v1/headless/course-migrations"))
                .as("migrations change courses")
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, true));
        assertThat(Scopes.required("POST", "/v1/headless/embed/course"))
                .as("a player URL only reads")
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, false));
        assertThat(Scopes.required("POST", "/api/v1/agent/auth")).isEqualTo(new Scopes.Open());
        assertThat(Scopes.required("GET", "/api/v1/membersx")).isEqualTo(new Scopes.FullAccess());
        assertThat(Scopes.required("GET", "/internal/v1/courses/1")).isEqualTo(new Scopes.FullAccess());
    }

    @Test
    void theMediaLibraryIsPartOfTheCoursesFamily() {
        assertThat(Scopes.required("POST", "/v1/headless/media"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, true));
        assertThat(Scopes.required("POST", "/v1/headless/media/7/complete"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, true));
        assertThat(Scopes.required("PATCH", "/v1/headless/media/7"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, true));
        assertThat(Scopes.required("DELETE", "/v1/headless/media/7"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, true));
        assertThat(Scopes.required("GET", "/v1/headless/media"))
                .isEqualTo(new Scopes.Needs(Scopes.Family.COURSES, false));
    }

    @Test
    void aWriteScopeIncludesItsReadScopeAndNoOther() {
        assertThat(Scopes.holds(List.of("members:write"), "members:read")).isTrue();
        assertThat(Scopes.holds(List.of("webhooks:manage"), "webhooks:read")).isTrue();
        assertThat(Scopes.holds(List.of("members:read"), "members:write")).isFalse();
        assertThat(Scopes.holds(List.of("courses:write"), "members:read")).isFalse();
        assertThat(Scopes.holds(null, "scorm:write"))
                .as("no scopes: full access")
                .isTrue();
    }

    @Test
    void aScopedKeyIsRefusedWithTheSpecsMessageAndAFullKeyNever() {
        assertThatThrownBy(() -> Scopes.check(key(List.of("members:read")), "POST", "/api/v1/members"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.FORBIDDEN);
                    assertThat(e.getMessage()).isEqualTo("Caller not authorized to manage members");
                });
        assertThatThrownBy(() -> Scopes.check(key(List.of("members:write")), "GET", "/admin/v1/workspaces"))
                .as("paths outside every family need full access")
                .isInstanceOf(ApiException.class);
        assertThatCode(() -> Scopes.check(key(List.of("members:read")), "GET", "/api/v1/members/5"))
                .doesNotThrowAnyException();
        assertThatCode(() -> Scopes.check(key(null), "DELETE", "/v1/headless/webhooks/1"))
                .doesNotThrowAnyException();
    }

    @Test
    void issuedScopesAreCheckedDeDuplicatedAndStoredInCatalogueOrder() {
        assertThat(Scopes.parse(List.of("scorm:write", " Members:Read ", "members:read")))
                .containsExactly("members:read", "scorm:write");
        assertThat(Scopes.parse(null)).isNull();
        assertThatThrownBy(() -> Scopes.parse(List.of("members:delete"))).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> Scopes.parse(List.of())).isInstanceOf(ApiException.class);
        assertThat(Scopes.read(Scopes.format(List.of("members:read", "courses:write"))))
                .containsExactly("members:read", "courses:write");
        assertThat(Scopes.read(null)).isNull();
    }
}
