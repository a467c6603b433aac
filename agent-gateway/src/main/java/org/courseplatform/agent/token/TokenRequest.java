package org.courseplatform.agent.token;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * The body of POST /api/v1/agent/auth. {@code courseId} may be a number or a digit string, as
 * ids are elsewhere; {@code readonly} omitted means read-only.
 */
public record TokenRequest(
        String identifier, String clientIdentifier, List<String> tools, JsonNode courseId, Boolean readonly) {

    private static final Pattern TOOL_NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    /** The scope the token will carry, validated. */
    Scope validate(ToolCatalogue catalogue) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (identifier == null || identifier.isBlank()) {
            problems.add(new ApiError.Detail("identifier", "is required"));
        } else if (identifier.length() > 255) {
            problems.add(new ApiError.Detail("identifier", "must be at most 255 characters"));
        }
        if (clientIdentifier != null && (clientIdentifier.isBlank() || clientIdentifier.length() > 255)) {
            problems.add(
                    new ApiError.Detail("clientIdentifier", "must be a non-empty string of at most 255 characters"));
        }
        List<String> toolNames = null;
        if (tools != null) {
            if (tools.isEmpty()) {
                problems.add(
                        new ApiError.Detail("tools", "must name at least one tool; omit it for the full read surface"));
            }
            if (tools.size() > 200) {
                problems.add(new ApiError.Detail("tools", "may name at most 200 tools"));
            }
            LinkedHashSet<String> names = new LinkedHashSet<>();
            for (int i = 0; i < tools.size(); i++) {
                String name = tools.get(i);
                if (name == null || !TOOL_NAME.matcher(name).matches()) {
                    problems.add(new ApiError.Detail(
                            "tools[" + i + "]", "must be a tool name (lower-case letters, digits, _)"));
                } else if (!catalogue.exists(name)) {
                    problems.add(new ApiError.Detail(
                            "tools[" + i + "]",
                            "unknown tool \"" + name + "\"; GET /api/v1/agent/tools with a token lists the tools"));
                } else {
                    names.add(name);
                }
            }
            toolNames = List.copyOf(names);
        }
        Long course = null;
        if (courseId != null && !courseId.isNull()) {
            if (courseId.isIntegralNumber() && courseId.canConvertToLong() && courseId.asLong() > 0) {
                course = courseId.asLong();
            } else if (courseId.isTextual() && courseId.asText().matches("[1-9][0-9]{0,17}")) {
                course = Long.parseLong(courseId.asText());
            } else {
                problems.add(new ApiError.Detail("courseId", "must be a positive integer id"));
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return new Scope(identifier.strip(), clientIdentifier, toolNames, course, readonly == null || readonly);
    }

    record Scope(String identifier, String clientIdentifier, List<String> tools, Long courseId, boolean readonly) {}
}
