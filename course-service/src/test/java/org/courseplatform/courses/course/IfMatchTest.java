package org.courseplatform.courses.course;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The If-Match forms editors send, and what each one lets through. */
class IfMatchTest {

    @Test
    void noHeaderOrAStarLetsAnyRevisionThrough() {
        assertThatCode(() -> IfMatch.parse((String) null).check(1, 7)).doesNotThrowAnyException();
        assertThatCode(() -> IfMatch.parse("  ").check(1, 7)).doesNotThrowAnyException();
        assertThatCode(() -> IfMatch.parse("*").check(1, 7)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"7\"", " \"7\" ", "\"3\", \"7\"", "\"3\",\"7\""})
    void theCurrentRevisionMatchesInEveryAcceptedForm(String header) {
        assertThatCode(() -> IfMatch.parse(header).check(1, 7)).doesNotThrowAnyException();
    }

    @Test
    void anotherRevisionOrAWeakTagIs412WithTheCurrentETag() {
        assertThatThrownBy(() -> IfMatch.parse("\"6\"").check(42, 7)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.PRECONDITION_FAILED);
            assertThat(e.code().status()).isEqualTo(412);
            assertThat(e.getMessage()).contains("revision 7").contains("Re-read the course");
            assertThat(e.details())
                    .singleElement()
                    .satisfies(d -> assertThat(d.field()).isEqualTo("If-Match"));
            assertThat(e.headers()).containsEntry("ETag", "\"7\"");
        });
        assertThatThrownBy(() -> IfMatch.parse("W/\"7\"").check(42, 7))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PRECONDITION_FAILED));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "yesterday",
                "7",
                "\"3\",7",
                "\"\"",
                "\"-1\"",
                "\"7",
                "W/7",
                "\"1234567890123456789\"",
                "\"7\",",
                "1.5"
            })
    void anythingElseIs400NamingTheHeader(String header) {
        assertThatThrownBy(() -> IfMatch.parse(header)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
            assertThat(e.details())
                    .singleElement()
                    .satisfies(d -> assertThat(d.field()).isEqualTo("If-Match"));
        });
    }
}
