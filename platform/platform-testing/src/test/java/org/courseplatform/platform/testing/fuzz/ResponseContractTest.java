package org.courseplatform.platform.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The contract check on its own: statuses against the documented ones, 2xx bodies against their schemas. */
class ResponseContractTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Two operations: a creation documenting 201 with a $ref'd schema, and a list documenting 200 and 412. */
    private static final String DOCUMENT = """
            {"openapi": "3.1.0", "info": {"title": "things"},
             "paths": {
               "/things": {
                 "post": {"responses": {"201": {"description": "created", "content": {"application/json":
                     {"schema": {"$ref": "#/components/schemas/Thing"}}}}}},
                 "get": {"responses": {"200": {"description": "all", "content": {"application/json":
                     {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}}}},
                     "412": {"description": "stale"}}}},
               "/things/{id}/raw": {"get": {"responses": {
                 "2XX": {"description": "text", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
               "/things/{id}/any": {"get": {"responses": {"default": {"description": "anything"}}}}},
             "components": {"schemas": {
               "Thing": {"type": "object", "required": ["id", "name", "state"], "additionalProperties": false,
                 "properties": {"id": {"type": "integer", "format": "int64"},
                                "name": {"type": "string"},
                                "note": {"type": ["string", "null"]},
                                "size": {"type": "number", "nullable": true},
                                "state": {"$ref": "#/components/schemas/State"},
                                "tags": {"type": "array", "items": {"type": "string"}},
                                "owner": {"$ref": "#/components/schemas/Owner"},
                                "done": {"type": "boolean"},
                                "extra": {"type": "object", "additionalProperties": {"type": "integer"}},
                                "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}},
               "State": {"type": "string", "enum": ["draft", "published"]},
               "Owner": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}}}
            """;

    private final List<Operation> operations = parse();

    private static List<Operation> parse() {
        try {
            return OpenApi.parse(MAPPER.readTree(DOCUMENT));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Operation operation(String name) {
        return operations.stream()
                .filter(o -> o.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private String create(int status, String body) {
        return ResponseContract.problem(operation("POST /things"), status, "application/json", bytes(body));
    }

    @Test
    void aValidBodyWithTheDocumentedStatusPasses() {
        assertNull(create(201, """
                {"id": 7, "name": "seven", "note": null, "size": null, "state": "draft", "tags": ["a"],
                 "owner": {"id": "o", "other": 1}, "done": false, "extra": {"a": 1}, "either": 3}"""));
        assertNull(ResponseContract.problem(
                operation("GET /things"),
                200,
                "application/json; charset=utf-8",
                bytes("[{\"id\":1,\"name\":\"a\"," + "\"state\":\"published\"}]")));
    }

    @Test
    void anUndocumentedStatusIsAMismatchUnlessItIsAGenericClientError() {
        String problem = create(200, "{\"id\":7,\"name\":\"seven\",\"state\":\"draft\"}");
        assertTrue(problem.startsWith("contract: status 200 is not documented"), problem);
        assertTrue(problem.contains("[201]"), problem);
        assertTrue(create(204, "").contains("status 204"));
        assertTrue(create(412, "{}").contains("status 412"), "412 is not generic: the operation has to document it");
        for (int generic : List.of(400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 429)) {
            assertNull(create(generic, "{}"), "generic " + generic);
        }
        assertNull(create(414, "{}"), "the HTTP layer's answer to a request line over its limit");
        assertNull(create(431, "{}"), "the HTTP layer's answer to headers over their limit");
        assertNull(ResponseContract.problem(operation("GET /things"), 412, "application/json", bytes("{}")));
        assertNull(create(500, "x"), "5xx are the error shape's finding, not the contract's");
    }

    @Test
    void rangesAndDefaultDocumentStatusesToo() {
        assertNull(ResponseContract.problem(operation("GET /things/{id}/raw"), 202, "text/plain", bytes("x")));
        assertNull(ResponseContract.problem(operation("GET /things/{id}/any"), 302, null, null));
    }

    @Test
    void missingRequiredFieldsWrongTypesNullsAndEnumsAreNamedWithTheirPath() {
        assertTrue(create(201, "{\"id\":7,\"state\":\"draft\"}").contains("$: required field \"name\" is missing"));
        assertTrue(create(201, "{\"id\":\"7\",\"name\":\"a\",\"state\":\"draft\"}")
                .contains("$.id: expected integer, got string"));
        assertTrue(create(201, "{\"id\":7,\"name\":null,\"state\":\"draft\"}")
                .contains("$.name: is null, but the schema is [string] and not nullable"));
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"gone\"}")
                .contains("$.state: \"gone\" is not one of [\"draft\",\"published\"]"));
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"tags\":[\"a\",2]}")
                .contains("$.tags[1]: expected string, got integer"));
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"owner\":{}}")
                .contains("$.owner: required field \"id\" is missing"));
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"done\":\"no\"}")
                .contains("$.done: expected boolean"));
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"either\":true}")
                .contains("$.either: matches none of the oneOf alternatives"));
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"extra\":{\"a\":\"b\"}}")
                .contains("$.extra.a: expected integer"));
        assertTrue(ResponseContract.problem(operation("GET /things"), 200, "application/json", bytes("{\"id\":1}"))
                .contains("$: expected array, got object"));
    }

    @Test
    void unknownFieldsFailOnlyWhereTheSchemaForbidsThem() {
        assertTrue(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"colour\":\"red\"}")
                .contains("$.colour: not in the schema, which allows no other fields"));
        assertNull(create(201, "{\"id\":7,\"name\":\"a\",\"state\":\"draft\",\"owner\":{\"id\":\"o\",\"x\":1}}"));
    }

    @Test
    void aJsonAnswerWithoutADocumentedJsonSchemaIsAMismatch() {
        String problem = ResponseContract.problem(
                operation("GET /things/{id}/raw"), 200, "application/json", bytes("{\"a\":1}"));
        assertTrue(problem.contains("no JSON schema"), problem);
        assertTrue(problem.contains("text/plain"), problem);
        assertNull(ResponseContract.problem(operation("GET /things/{id}/raw"), 200, "text/plain", bytes("{")));
    }

    @Test
    void integralNumbersCountAsIntegersAndNumbersAcceptBoth() {
        JsonNode schema = json(
                "{\"type\":\"object\",\"properties\":{\"i\":{\"type\":\"integer\"}," + "\"n\":{\"type\":\"number\"}}}");
        assertEquals(List.of(), ResponseContract.validate(json("{\"i\":2.0,\"n\":1}"), schema));
        assertEquals(1, ResponseContract.validate(json("{\"i\":2.5}"), schema).size());
        assertTrue(ResponseContract.validate(json("null"), json("{\"type\":\"object\"}"))
                .get(0)
                .contains("not nullable"));
        assertEquals(List.of(), ResponseContract.validate(json("null"), json("{}")), "{} accepts anything");
    }

    @Test
    void atMostFiveProblemsAreListed() {
        JsonNode schema = json("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}");
        assertEquals(
                5, ResponseContract.validate(json("[1,2,3,4,5,6,7,8]"), schema).size());
    }

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
