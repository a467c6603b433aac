package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
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

    public <T> T read(String json, Class<T> type) {
        T value;
        try {
            value = mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw JsonErrors.toApiException(e);
        }
        Set<ConstraintViolation<T>> violations = validator.validate(value);
        if (!violations.isEmpty()) {
            List<ApiError.Detail> details = violations.stream()
                    .map(v -> new ApiError.Detail(v.getPropertyPath().toString(), v.getMessage()))
                    .sorted(java.util.Comparator.comparing(ApiError.Detail::field)).toList();
            throw ApiException.invalid(details);
        }
        return value;
    }
}
