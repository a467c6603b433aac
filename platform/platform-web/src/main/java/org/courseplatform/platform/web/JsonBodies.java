package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Reads an optional JSON body by hand, with the same strictness, validation and error shape
 * as a declared body parameter; for endpoints where a bare POST must also work.
 */
@ApplicationScoped
public class JsonBodies {

    private final ObjectMapper mapper;
    private final Validator validator;

    public JsonBodies(ObjectMapper mapper, Validator validator) {
        this.mapper = mapper;
        this.validator = validator;
    }

    /**
     * An optional body: none, a blank one or a literal JSON {@code null} all mean "not given"
     * and answer {@code absent}; anything else must be a valid {@code type}.
     */
    public <T> T optional(String json, Class<T> type, T absent) {
        if (json == null || json.isBlank()) {
            return absent;
        }
        T value = parse(json, type);
        return value == null ? absent : validate(value);
    }

    private <T> T parse(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw JsonErrors.toApiException(e);
        }
    }

    private <T> T validate(T value) {
        Set<ConstraintViolation<T>> violations = validator.validate(value);
        if (!violations.isEmpty()) {
            List<ApiError.Detail> details = violations.stream()
                    .map(v -> new ApiError.Detail(v.getPropertyPath().toString(), v.getMessage()))
                    .sorted(Comparator.comparing(ApiError.Detail::field))
                    .toList();
            throw ApiException.invalid(details);
        }
        return value;
    }
}
