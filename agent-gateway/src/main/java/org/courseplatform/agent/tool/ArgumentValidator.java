package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.ApiError;

/**
 * Checks tool arguments against the tool's input schema (JSON Schema 2020-12, Vert.x JSON
 * Schema), so the schema an agent reads is the rule the gateway applies, on MCP and REST alike.
 */
final class ArgumentValidator {

    private final Validator validator;

    ArgumentValidator(JsonNode schema) {
        this.validator = Validator.create(
                JsonSchema.of(new JsonObject(schema.toString())),
                new JsonSchemaOptions()
                        .setDraft(Draft.DRAFT202012)
                        .setBaseUri("https://course-platform.invalid/tools/")
                        .setOutputFormat(OutputFormat.Basic));
    }

    /** The problems of the arguments, each naming the argument (empty when they conform). */
    List<ApiError.Detail> problems(JsonNode arguments) {
        OutputUnit result = validator.validate(new JsonObject(arguments.toString()));
        List<ApiError.Detail> problems = new ArrayList<>();
        if (Boolean.TRUE.equals(result.getValid())) {
            return problems;
        }
        List<OutputUnit> errors =
                result.getErrors() == null || result.getErrors().isEmpty() ? List.of(result) : result.getErrors();
        for (OutputUnit error : errors) {
            String location = error.getInstanceLocation() == null ? "" : error.getInstanceLocation();
            String field = location.isEmpty() || "#".equals(location)
                    ? "arguments"
                    : location.replaceFirst("^#?/", "").replace('/', '.');
            String message = error.getError() == null ? "is not valid" : error.getError();
            ApiError.Detail detail = new ApiError.Detail(field, message);
            if (!problems.contains(detail)) {
                problems.add(detail);
            }
            if (problems.size() == 20) {
                break;
            }
        }
        return problems;
    }
}
