package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ids in JSON bodies: a number or a string of digits, each bad one a 400 naming its field. */
class DigitIdTest {

    record Body(
            @JsonDeserialize(using = DigitId.class) Long courseId,
            @JsonDeserialize(using = DigitId.Small.class) Integer typeId,
            @JsonDeserialize(contentUsing = DigitId.class) List<Long> courseIds,
            Integer limit) {}

    private final ObjectMapper mapper = StrictJson.apply(new ObjectMapper());

    private ApiException failure(String json) {
        JsonProcessingException e =
                catchThrowableOfType(JsonProcessingException.class, () -> mapper.readValue(json, Body.class));
        assertThat(e).as("reading %s must fail", json).isNotNull();
        return JsonErrors.toApiException(e);
    }

    @Test
    void numbersAndDigitStringsAreTheSameId() throws Exception {
        Body body = mapper.readValue(
                "{\"courseId\":\"36\",\"typeId\":\"2\",\"courseIds\":[\"7\",8,\"000009\"]}", Body.class);
        assertThat(body.courseId()).isEqualTo(36L);
        assertThat(body.typeId()).isEqualTo(2);
        assertThat(body.courseIds()).containsExactly(7L, 8L, 9L);
        assertThat(mapper.readValue("{\"courseId\":36,\"typeId\":2}", Body.class)
                        .courseId())
                .isEqualTo(36L);
        assertThat(mapper.readValue("{\"courseId\":\"999999999999999999\"}", Body.class)
                        .courseId())
                .isEqualTo(DigitId.MAX);
        assertThat(mapper.readValue("{\"courseId\":null}", Body.class).courseId())
                .isNull();
    }

    @Test
    void anythingElseIsA400NamingTheField() {
        for (String bad : List.of(
                "\"abc\"",
                "\"-1\"",
                "-1",
                "0",
                "\"0\"",
                "1.5",
                "\"1.5\"",
                "\"\"",
                "\" 36\"",
                "\"1234567890123456789\"",
                "1234567890123456789",
                "123456789012345678901234567890",
                "true",
                "{\"id\":1}",
                "[1]")) {
            ApiException e = failure("{\"courseId\":" + bad + "}");
            assertThat(e.code()).as(bad).isEqualTo(ErrorCode.BAD_REQUEST);
            assertThat(e.details()).as(bad).extracting(ApiError.Detail::field).containsExactly("courseId");
            assertThat(e.details().get(0).message()).as(bad).isEqualTo(DigitId.PROBLEM);
        }
        assertThat(failure("{\"courseIds\":[1,\"x\"]}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("courseIds[1]");
        assertThat(failure("{\"typeId\":\"3000000000\"}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("typeId");
    }

    @Test
    void countsAndLimitsStillRefuseStrings() {
        ApiException e = failure("{\"limit\":\"5\"}");
        assertThat(e.details()).extracting(ApiError.Detail::field).containsExactly("limit");
        assertThat(e.details().get(0).message()).isEqualTo("must be an integer");
    }

    @Test
    void treesAreReadByTheSameRule() throws Exception {
        assertThat(DigitId.parse(mapper.readTree("\"36\""))).isEqualTo(36L);
        assertThat(DigitId.parse(mapper.readTree("36"))).isEqualTo(36L);
        assertThat(DigitId.parse(mapper.readTree("\"-1\""))).isNull();
        assertThat(DigitId.parse(mapper.readTree("1.0"))).isNull();
        assertThat(DigitId.parse(mapper.readTree("1000000000000000000"))).isNull();
        assertThat(DigitId.parse((String) null)).isNull();
    }
}
