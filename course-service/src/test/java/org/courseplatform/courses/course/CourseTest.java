package org.courseplatform.courses.course;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/**
 * The course's lifecycle rules, which every feature applies through the aggregate: the same
 * status and message for a deleted, unpublished, SCORM or Classic course wherever it is refused.
 */
class CourseTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 28, 9, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void aDeletedCourseIs409UntilRestored() {
        Course course = nativeCourse();
        assertThat(course.delete(NOW)).isTrue();
        assertThat(course.delete(NOW)).as("a second delete changes nothing").isFalse();

        assertRefused(course::requireLive, ErrorCode.CONFLICT, "Course 7 is deleted; restore it first");
        assertRefused(course::requireEditable, ErrorCode.CONFLICT, "restore it first");
        assertRefused(() -> course.publish(NOW), ErrorCode.CONFLICT, "restore it first");

        assertThat(course.restore(NOW)).isTrue();
        assertThat(course.restore(NOW)).isFalse();
        assertThatCode(course::requireEditable).doesNotThrowAnyException();
    }

    @Test
    void aHostedScormPackageIs422ForEveryContentChangeAnd409ForScreenEdits() {
        Course scorm = new Course(CourseType.SCORM);
        scorm.id = 8L;

        assertThat(scorm.isNative()).isFalse();
        assertRefused(scorm::requireNative, ErrorCode.UNPROCESSABLE, "is a hosted SCORM package");
        assertRefused(scorm::requireEditable, ErrorCode.UNPROCESSABLE, "POST /v1/headless/embed/scorm");
        assertRefused(() -> scorm.publish(NOW), ErrorCode.UNPROCESSABLE, "hosted SCORM package");
        assertRefused(scorm::requireBuilder2Draft, ErrorCode.CONFLICT, "has no screens to edit");
    }

    @Test
    void publishingCopiesTheDraftAndOnlyThenIsThereAPublishedVersion() {
        Course course = nativeCourse();
        assertRefused(course::requirePublished, ErrorCode.CONFLICT, "has never been published");

        course.publish(NOW);
        course.draft = "{\"title\":\"changed after publishing\"}";

        assertThat(course.isPublished()).isTrue();
        assertThat(course.publishedAt()).isEqualTo(NOW);
        assertThat(course.updatedAt).isEqualTo(NOW);
        assertThat(course.requirePublished()).isEqualTo("{\"title\":\"draft\"}");
    }

    @Test
    void screenEditsNeedALiveBuilder2Draft() {
        Course course = nativeCourse();
        assertThatCode(course::requireBuilder2Draft).doesNotThrowAnyException();

        course.format = CourseDocuments.CLASSIC;
        assertRefused(course::requireBuilder2Draft, ErrorCode.CONFLICT, "POST /v1/headless/course/7/migrate");

        course.format = CourseDocuments.BUILDER2;
        course.delete(NOW);
        assertRefused(course::requireBuilder2Draft, ErrorCode.CONFLICT, "restore it first");
    }

    @Test
    void theRulesOnColumnsAnswerAsTheEntityDoes() {
        Course deleted = nativeCourse();
        deleted.delete(NOW);
        assertThat(messageOf(() -> Course.requireLive(7L, true))).isEqualTo(messageOf(deleted::requireLive));

        Course scorm = new Course(CourseType.SCORM);
        scorm.id = 7L;
        assertThat(messageOf(() -> Course.requireNative(7L, CourseType.SCORM)))
                .isEqualTo(messageOf(scorm::requireNative));
        assertThatCode(() -> Course.requireBuilder2(7L, CourseDocuments.BUILDER2))
                .doesNotThrowAnyException();
    }

    @Test
    void theTypeIsStoredAsItsWireValue() {
        CourseType.Column column = new CourseType.Column();
        assertThat(column.convertToDatabaseColumn(CourseType.SCORM)).isEqualTo("scorm");
        assertThat(column.convertToEntityAttribute("course")).isEqualTo(CourseType.COURSE);
        assertThatThrownBy(() -> CourseType.ofWire("video")).isInstanceOf(IllegalArgumentException.class);
    }

    private static Course nativeCourse() {
        Course course = new Course(CourseType.COURSE);
        course.id = 7L;
        course.format = CourseDocuments.BUILDER2;
        course.draft = "{\"title\":\"draft\"}";
        return course;
    }

    private static void assertRefused(Runnable call, ErrorCode code, String message) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(code))
                .hasMessageContaining(message);
    }

    private static String messageOf(Runnable call) {
        try {
            call.run();
        } catch (ApiException e) {
            return e.getMessage();
        }
        throw new AssertionError("not refused");
    }
}
