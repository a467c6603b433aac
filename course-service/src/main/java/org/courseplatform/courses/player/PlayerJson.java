package org.courseplatform.courses.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * The player's stored values, as its tables keep them: JSON columns (a session's outline and
 * options, a tracking record's answers and collection) and ISO instants with milliseconds. One
 * place, so the exchange and the progress writes read and write them alike.
 */
@ApplicationScoped
class PlayerJson {

    static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    private static final TypeReference<Map<String, List<String>>> ANSWERS = new TypeReference<>() {};

    private final ObjectMapper mapper;

    PlayerJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    <T> T read(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored player value is not JSON", e);
        }
    }

    /** A tracking record's answers, element id to answer ids; none stored is none given. */
    Map<String, List<String>> answers(String json) {
        try {
            return json == null ? mapper.readValue("{}", ANSWERS) : mapper.readValue(json, ANSWERS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored player value is not JSON", e);
        }
    }

    static String now() {
        return ISO.format(OffsetDateTime.now(ZoneOffset.UTC));
    }

    static OffsetDateTime instant(String iso) {
        return iso == null ? null : OffsetDateTime.parse(iso);
    }
}
