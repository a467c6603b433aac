package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One operation of a service's OpenAPI document, reduced to what the fuzzer sends: the path
 * template, its parameters and the request bodies it declares, with every {@code $ref} resolved.
 *
 * @param service the document's title (for reports)
 * @param method upper-case HTTP method
 * @param path the path template, e.g. {@code /v1/headless/course/{id}/publish}
 * @param parameters path, query and header parameters
 * @param bodies the request body media types with their schemas; empty when the operation takes none
 * @param pathMethods every method the document declares for this path (for wrong-method requests)
 * @param responses the documented answers by status key ({@code "200"}, {@code "4XX"}, {@code "default"}),
 *     each with its media types and their schemas ({@link ResponseContract} checks answers against them)
 */
public record Operation(
        String service,
        String method,
        String path,
        List<Parameter> parameters,
        List<Body> bodies,
        Set<String> pathMethods,
        Map<String, Map<String, JsonNode>> responses) {

    /** Without documented responses (documents built by hand in tests). */
    public Operation(
            String service,
            String method,
            String path,
            List<Parameter> parameters,
            List<Body> bodies,
            Set<String> pathMethods) {
        this(service, method, path, parameters, bodies, pathMethods, Map.of());
    }

    /** {@code METHOD /path/template}: how reports and exclusions name the operation. */
    public String name() {
        return method + " " + path;
    }

    public List<Parameter> in(String location) {
        return parameters.stream().filter(p -> p.in().equals(location)).toList();
    }

    /** The operator admin API: the fuzzer sends the operator token here and touches only what it created. */
    public boolean admin() {
        return path.startsWith("/admin/");
    }

    public boolean hasJsonBody() {
        return bodies.stream().anyMatch(Body::json);
    }

    public boolean hasFormBody() {
        return bodies.stream().anyMatch(b -> b.form() || b.multipart());
    }

    /**
     * A parameter.
     *
     * @param in {@code path}, {@code query} or {@code header}
     * @param schema its schema ({@code {}} when the document gives none)
     */
    public record Parameter(String name, String in, boolean required, JsonNode schema) {}

    /** A request body media type and its schema ({@code {}} when free-form). */
    public record Body(String mediaType, JsonNode schema, boolean required) {

        public boolean json() {
            return mediaType.contains("json") || mediaType.equals("*/*");
        }

        public boolean form() {
            return mediaType.startsWith("application/x-www-form-urlencoded");
        }

        public boolean multipart() {
            return mediaType.startsWith("multipart/");
        }
    }
}
