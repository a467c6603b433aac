package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Builds one request: the operation's valid request from its schemas, then the mutation applied to it. */
final class RequestFactory {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Random random;
    private final Values values;
    private final Map<String, String> examples;
    private final String apiKey;
    private final String operatorToken;

    RequestFactory(Random random, IdPool ids, Map<String, String> examples, String apiKey, String operatorToken) {
        this.random = random;
        this.values = new Values(random, ids);
        this.examples = examples;
        this.apiKey = apiKey;
        this.operatorToken = operatorToken;
    }

    FuzzRequest build(Operation operation, Mutation mutation, int index) {
        Draft d = new Draft(operation);
        for (Operation.Parameter p : operation.in("path")) {
            d.path.put(p.name(), Draft.encode(values.parameter(operation, p.name(), p.schema())));
        }
        for (Operation.Parameter p : operation.in("query")) {
            boolean include = random.nextInt(3) == 0;
            if (p.required() || include) {
                d.query.add(new String[] {
                    Draft.encode(p.name()), Draft.encode(values.parameter(operation, p.name(), p.schema()))
                });
            }
        }
        for (Operation.Parameter p : operation.in("header")) {
            String value = values.parameter(operation, p.name(), p.schema());
            if (p.required()
                    && !p.name().equalsIgnoreCase("Authorization")
                    && !p.name().equalsIgnoreCase("Content-Type")) {
                d.headers.put(p.name(), value);
            }
        }
        body(d, operation);
        if (operation.admin() && operatorToken != null) {
            d.authorization = "Bearer " + operatorToken;
            d.authLabel = "operator token";
        } else {
            d.authorization = apiKey;
            d.authLabel = "API key";
        }
        mutation.apply(d, random);
        return d.toRequest(index, mutation);
    }

    /** The operation's valid body: JSON when it takes JSON, else a form or multipart form. */
    private void body(Draft d, Operation operation) {
        if (operation.bodies().isEmpty()) {
            return;
        }
        List<Operation.Body> forms = operation.bodies().stream()
                .filter(b -> b.form() || b.multipart())
                .toList();
        int draw = random.nextInt(1 << 20);
        Operation.Body json = operation.bodies().stream()
                .filter(Operation.Body::json)
                .findFirst()
                .orElse(null);
        if (json != null) {
            d.kind = Draft.Kind.JSON;
            d.contentType = "application/json";
            String example = examples.get(operation.name());
            d.json = example != null ? parse(example) : values.value(operation, null, json.schema(), 0);
        } else if (!forms.isEmpty()) {
            Operation.Body form = forms.get(draw % forms.size());
            d.kind = form.multipart() ? Draft.Kind.MULTIPART : Draft.Kind.FORM;
            d.contentType = form.multipart()
                    ? "multipart/form-data; boundary=" + Draft.BOUNDARY
                    : "application/x-www-form-urlencoded";
            for (Map.Entry<String, JsonNode> field :
                    Values.merged(form.schema()).path("properties").properties()) {
                d.form.put(field.getKey(), values.parameter(operation, field.getKey(), field.getValue()));
            }
        } else {
            d.contentType = operation.bodies().get(0).mediaType();
            d.raw = "fuzz".getBytes(StandardCharsets.UTF_8);
        }
    }

    private static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("example is not JSON: " + json, e);
        }
    }
}
