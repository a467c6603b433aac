package org.courseplatform.agent.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.DigitId;
import org.junit.jupiter.api.Test;

/** Which arguments are ids, read from the schema, and how a digit string becomes the number. */
class IdArgumentsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final ObjectNode SCHEMA = Schemas.input()
            .required("courseId", Schemas.courseId("The course"))
            .optional("themeId", Schemas.nullableInteger("A theme, or null"))
            .optional("screenId", Schemas.string("A screen"))
            .optional("courseIds", Schemas.arrayOf("Courses", Schemas.courseId("A course")))
            .optional("screenIds", Schemas.arrayOf("Screens", Schemas.string("A screen")))
            .optional("count", Schemas.integer("Not an id", 1, 10L))
            .optional(
                    "items",
                    Schemas.arrayOf(
                            "Nested",
                            Schemas.input()
                                    .required("id", Schemas.integer("An item", 1, null))
                                    .build()))
            .build();

    private static ObjectNode args(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    @Test
    void digitStringsOfIdArgumentsBecomeNumbersAtAnyDepthAndNothingElseChanges() throws Exception {
        ObjectNode arguments = args("{\"courseId\":\"0042\",\"themeId\":\"7\",\"screenId\":\"12\","
                + "\"courseIds\":[\"5\",6],\"screenIds\":[\"3\"],\"count\":\"2\",\"items\":[{\"id\":\"9\"}]}");
        assertThat(IdArguments.read(SCHEMA, arguments)).isEmpty();
        assertThat(arguments.get("courseId").isIntegralNumber()).isTrue();
        assertThat(arguments.get("courseId").asLong()).isEqualTo(42);
        assertThat(arguments.get("themeId").asLong()).isEqualTo(7);
        assertThat(arguments.get("courseIds").toString()).isEqualTo("[5,6]");
        assertThat(arguments.at("/items/0/id").isIntegralNumber()).isTrue();
        // String ids (screens), string lists and integers that are not ids stay as sent.
        assertThat(arguments.get("screenId").isTextual()).isTrue();
        assertThat(arguments.get("screenIds").toString()).isEqualTo("[\"3\"]");
        assertThat(arguments.get("count").isTextual()).isTrue();
    }

    @Test
    void aStringThatIsNoIdIsNamedAndLeftForNoOneToRun() throws Exception {
        for (String bad : new String[] {"abc", "-1", "1.5", "0", "", " 5", "1234567890123456789"}) {
            ObjectNode arguments = args("{\"courseId\":" + JSON.writeValueAsString(bad) + "}");
            List<ApiError.Detail> problems = IdArguments.read(SCHEMA, arguments);
            assertThat(problems).as(bad).containsExactly(new ApiError.Detail("courseId", DigitId.PROBLEM));
        }
        ObjectNode list = args("{\"courseId\":1,\"courseIds\":[2,\"x\"],\"items\":[{\"id\":\"-3\"}]}");
        assertThat(IdArguments.read(SCHEMA, list))
                .extracting(ApiError.Detail::field)
                .containsExactly("courseIds.1", "items.0.id");
        // Numbers, nulls and wrong types are the schema's to judge.
        ObjectNode others = args("{\"courseId\":-1,\"themeId\":null,\"courseIds\":{\"a\":1}}");
        JsonNode before = others.deepCopy();
        assertThat(IdArguments.read(SCHEMA, others)).isEmpty();
        assertThat(others).isEqualTo(before);
    }
}
