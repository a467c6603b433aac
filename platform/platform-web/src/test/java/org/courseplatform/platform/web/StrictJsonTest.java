package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON rules every body is read under, and the 400 each broken rule becomes. */
class StrictJsonTest {

    record Person(String name, Map<String, String> tags, JsonNode content) {}

    private final ObjectMapper mapper = StrictJson.apply(new ObjectMapper());

    private ApiException failure(String json) {
        JsonProcessingException e =
                catchThrowableOfType(JsonProcessingException.class, () -> mapper.readValue(json, Person.class));
        assertThat(e).as("reading %s must fail", json).isNotNull();
        return JsonErrors.toApiException(e);
    }

    @Test
    void duplicateKeysAreRefused() {
        ApiException e = failure("{\"name\":\"x\",\"name\":\"y\"}");
        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).contains("Duplicate field 'name'");
        assertThat(failure("{\"content\":{\"a\":1,\"a\":2}}").getMessage()).contains("Duplicate field 'a'");
    }

    @Test
    void nestingPastTheLimitIsRefusedBeforeAnyRecursionCanOverflow() throws Exception {
        String deep = "{\"content\":" + "[".repeat(990) + "]".repeat(990) + "}";
        ApiException e = failure(deep);
        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(e.getMessage()).contains("nesting depth");
        String fine =
                "{\"content\":" + "[".repeat(StrictJson.MAX_DEPTH - 1) + "]".repeat(StrictJson.MAX_DEPTH - 1) + "}";
        assertThat(mapper.readValue(fine, Person.class).content()).isNotNull();
    }

    @Test
    void nulCharactersAreRefusedNamingTheField() {
        ApiException e = failure("{\"name\":\"a\\u0000b\"}");
        assertThat(e.details()).extracting(ApiError.Detail::field).containsExactly("name");
        assertThat(e.getMessage()).contains("NUL");
        assertThat(failure("{\"tags\":{\"k\":\"\\u0000\"}}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("tags.k");
        assertThat(failure("{\"tags\":{\"k\\u0000\":\"v\"}}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("tags");
        assertThat(failure("{\"content\":{\"slides\":[{\"title\":\"ok\"},{\"title\":\"x\\u0000\"}]}}")
                        .details())
                .extracting(ApiError.Detail::field)
                .containsExactly("content.slides[1].title");
        assertThat(failure("{\"content\":{\"a\\u0000\":1}}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("content.(field name)");
    }

    @Test
    void unpairedSurrogatesAreRefusedAndPairsRead() throws Exception {
        assertThat(failure("{\"name\":\"a\\ud800b\"}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("name");
        assertThat(failure("{\"name\":\"\\udc00\"}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("name");
        assertThat(failure("{\"content\":{\"t\":[\"end\\ud83d\"]}}").details())
                .extracting(ApiError.Detail::field)
                .containsExactly("content.t[0]");
        Person p = mapper.readValue("{\"name\":\"\\ud83d\\ude00\",\"content\":{\"t\":\"\ud83d\ude00\"}}", Person.class);
        assertThat(p.name()).isEqualTo("\ud83d\ude00");
        assertThat(p.content().get("t").textValue()).isEqualTo("\ud83d\ude00");
    }

    @Test
    void ordinaryTextAndOtherControlCharactersStillRead() throws Exception {
        Person p = mapper.readValue("{\"name\":\"tab\\there \\u0001\",\"content\":{\"t\":\"\\u00e9\"}}", Person.class);
        assertThat(p.name()).isEqualTo("tab\there \u0001");
        assertThat(p.content().get("t").textValue()).isEqualTo("é");
    }

    @Test
    void findsTheFirstNulInALargeTreeWithoutRecursion() throws Exception {
        StringBuilder sb = new StringBuilder("{\"content\":[");
        for (int i = 0; i < 100_000; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"t\":\"v").append(i).append("\"}");
        }
        sb.append("]}");
        assertThat(NulCharacters.firstNul(mapper.readTree(sb.toString()))).isNull();
        assertThat(NulCharacters.firstNul(new ObjectMapper().readTree("[1,[2,[\"\\u0000\"]]]")))
                .isEqualTo("[1][1][0]");
    }
}
