package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * JSON bodies must carry the right types and only known fields: {@code "5"} is not an integer,
 * {@code 5} is not a string, {@code "userlimit"} is not {@code "userLimit"}. Jackson's lenient
 * defaults would otherwise store surprising values, or drop them, silently. A key given twice,
 * a NUL character (which PostgreSQL cannot store) and nesting deeper than {@link #MAX_DEPTH} are
 * refused while reading, so no recursive walk of a body can overflow a thread's stack.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    /**
     * Deepest nesting of objects and arrays a body may have. Course documents need about a
     * dozen levels; Jackson's default (1,000) lets a body overflow recursive code first.
     */
    public static final int MAX_DEPTH = 64;

    @Override
    public void customize(ObjectMapper mapper) {
        apply(mapper);
    }

    /** Applies the rules to any mapper, for code that reads JSON outside the REST layer. */
    public static ObjectMapper apply(ObjectMapper mapper) {
        mapper.getFactory()
                .setStreamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_DEPTH)
                        .build());
        // Responses echo stored documents, which were read under the same limit; the margin
        // covers the envelope a response wraps them in.
        mapper.getFactory()
                .setStreamWriteConstraints(StreamWriteConstraints.builder()
                        .maxNestingDepth(MAX_DEPTH + 16)
                        .build());
        mapper.configure(JsonParser.Feature.STRICT_DUPLICATE_DETECTION, true);
        mapper.registerModule(NulCharacters.module());
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
        mapper.configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
        // A misspelt field is a mistake to report, not a value to drop silently.
        mapper.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        mapper.configure(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY, true);
        mapper.configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return mapper;
    }
}
