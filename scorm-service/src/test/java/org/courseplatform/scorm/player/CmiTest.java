package org.courseplatform.scorm.player;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Reading scorm-again commits of both versions, times, and the restore JSON. */
class CmiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void scorm12StatusCarriesCompletionAndSuccess() throws Exception {
        Cmi passed = Cmi.read(
                json("{\"cmi\":{\"core\":{\"lesson_status\":\"passed\",\"lesson_location\":\"p4\","
                        + "\"total_time\":\"0001:02:03.50\",\"exit\":\"suspend\",\"score\":{\"raw\":\"88\",\"min\":\"\",\"max\":\"100\"}},"
                        + "\"suspend_data\":\"abc\"}}"),
                true);
        assertThat(passed.completionStatus()).isEqualTo("completed");
        assertThat(passed.successStatus()).isEqualTo("passed");
        assertThat(passed.complete()).isTrue();
        assertThat(passed.totalSeconds()).isEqualTo(3723.5);
        assertThat(passed.scoreRaw()).isEqualTo(88.0);
        assertThat(passed.scoreMin()).isNull();
        assertThat(passed.location()).isEqualTo("p4");
        assertThat(passed.suspendData()).isEqualTo("abc");
        assertThat(Cmi.read(json("{\"cmi\":{\"core\":{\"lesson_status\":\"failed\"}}}"), true)
                        .complete())
                .isTrue();
        assertThat(Cmi.read(json("{\"cmi\":{\"core\":{\"lesson_status\":\"incomplete\"}}}"), true)
                        .complete())
                .isFalse();
        assertThat(Cmi.read(json("{\"cmi\":{\"core\":{\"lesson_status\":\"browsed\"}}}"), true)
                        .complete())
                .isFalse();
    }

    @Test
    void scorm2004FieldsAndIsoDurations() throws Exception {
        Cmi cmi = Cmi.read(
                json("{\"cmi\":{\"completion_status\":\"completed\",\"success_status\":\"failed\",\"location\":\"x\","
                        + "\"total_time\":\"PT1H2M3.5S\",\"score\":{\"scaled\":\"0.5\",\"raw\":\"NaN\"}}}"),
                false);
        assertThat(cmi.complete()).isTrue();
        assertThat(cmi.successStatus()).isEqualTo("failed");
        assertThat(cmi.totalSeconds()).isEqualTo(3723.5);
        assertThat(cmi.scoreScaled()).isEqualTo(0.5);
        assertThat(cmi.scoreRaw()).isNull();
        assertThat(Cmi.seconds("P1DT1S")).isEqualTo(86401);
        assertThat(Cmi.seconds("PT")).isZero();
        assertThat(Cmi.seconds("P")).isZero();
        assertThat(Cmi.seconds("nonsense")).isZero();
        assertThat(Cmi.seconds(null)).isZero();
    }

    @Test
    void restoreResumesOnlyAfterSuspend() throws Exception {
        assertThat(Cmi.restore(JSON, true, null, null, "l")
                        .path("core")
                        .path("entry")
                        .asText())
                .isEqualTo("ab-initio");
        JsonNode commit = json(
                "{\"cmi\":{\"core\":{\"lesson_status\":\"incomplete\",\"lesson_location\":\"p2\",\"exit\":\"suspend\","
                        + "\"total_time\":\"0000:00:10\"},\"suspend_data\":\"s\"}}");
        JsonNode restored = Cmi.restore(JSON, true, Cmi.read(commit, true), Cmi.lessonStatus(commit), "learner");
        assertThat(restored.path("core").path("entry").asText()).isEqualTo("resume");
        assertThat(restored.path("core").path("lesson_status").asText()).isEqualTo("incomplete");
        assertThat(restored.path("core").path("student_id").asText()).isEqualTo("learner");
        assertThat(restored.path("suspend_data").asText()).isEqualTo("s");
        JsonNode finished =
                json("{\"cmi\":{\"completion_status\":\"completed\",\"exit\":\"normal\",\"location\":\"end\"}}");
        JsonNode restored2004 = Cmi.restore(JSON, false, Cmi.read(finished, false), null, "learner");
        assertThat(restored2004.path("entry").asText()).isEmpty();
        assertThat(restored2004.path("location").asText()).isEqualTo("end");
        assertThat(restored2004.path("learner_id").asText()).isEqualTo("learner");
    }
}
