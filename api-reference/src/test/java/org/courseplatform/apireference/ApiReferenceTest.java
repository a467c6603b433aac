package org.courseplatform.apireference;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.testing.RepoRoot;
import org.courseplatform.platform.testing.fuzz.OpenApi;
import org.courseplatform.platform.testing.fuzz.Operation;
import org.courseplatform.platform.testing.fuzz.ResponseContract;
import org.courseplatform.webhooks.delivery.DeliveryBodies;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The public API's document as the build wrote it ({@code target/openapi/openapi.json}), held to
 * the routing table, to the six services' own documents and to its promise of an example for
 * every request and answer. Plain file checks: they need no running service.
 */
class ApiReferenceTest {

    /** Routes whose service is this reference itself (the document and /docs), not an API. */
    private static final String REFERENCE_SITE = "api-reference";

    private static Path root;
    private static JsonNode document;
    private static JsonNode yamlDocument;
    private static Routes routes;

    @BeforeAll
    static void read() throws IOException {
        root = RepoRoot.find();
        Path output = Path.of(System.getProperty("api-reference.output", "target/openapi"));
        document =
                ApiReferenceBuild.JSON.readTree(output.resolve("openapi.json").toFile());
        yamlDocument =
                ApiReferenceBuild.YAML.readTree(output.resolve("openapi.yaml").toFile());
        routes = Routes.read(root.resolve("deploy/routes.tsv"));
    }

    @Test
    void theYamlDocumentIsTheJsonDocument() {
        assertThat(yamlDocument).isEqualTo(document);
        assertThat(document.path("openapi").asText()).isEqualTo("3.1.0");
    }

    @Test
    void everyPublicRouteOfTheRoutingTableHasItsOperations() {
        List<String> missing = new ArrayList<>();
        for (Routes.Route route : routes.publicRows()) {
            if (REFERENCE_SITE.equals(route.service())) {
                continue;
            }
            boolean served = operations().stream()
                    .map(key -> key.substring(key.indexOf(' ') + 1))
                    .anyMatch(path -> routes.owner(path).filter(route::equals).isPresent());
            if (!served) {
                missing.add(route.kind() + " " + route.path() + " (" + route.service() + ")");
            }
        }
        assertThat(missing)
                .as("public routes of deploy/routes.tsv without any operation in the document")
                .isEmpty();
    }

    @Test
    void everyOperationIsOnAPublicRoute() {
        List<String> notPublic = operations().stream()
                .filter(key -> routes.owner(key.substring(key.indexOf(' ') + 1))
                        .filter(Routes.Route::isPublic)
                        .isEmpty())
                .toList();
        assertThat(notPublic)
                .as("operations the ingress does not route on the API host (internal, admin or content paths)")
                .isEmpty();
    }

    @Test
    void theOperationsAreTheUnionOfTheServicesPublicOperations() throws IOException {
        Set<String> expected = new TreeSet<>();
        for (Assembler.ServiceDocument s : ApiReferenceBuild.serviceDocuments(root)) {
            Assembler.forEachOperation(s.document(), (path, method, op) -> {
                if (routes.isPublic(s.service(), path)) {
                    expected.add(Assembler.key(method, path));
                }
            });
        }
        JsonNode supplement = ApiReferenceBuild.yaml(root.resolve("api-reference/src/main/openapi/operations.yaml"));
        Assembler.forEachOperation(supplement, (path, method, op) -> expected.add(Assembler.key(method, path)));
        assertThat(operations())
                .as("the document's operations: the services' public ones and operations.yaml's")
                .containsExactlyElementsOf(expected);
    }

    @Test
    void everyOperationHasExamplesOfItsRequestAndAnswer() {
        List<String> missing = new ArrayList<>();
        Assembler.forEachOperation(document, (path, method, op) -> {
            String key = Assembler.key(method, path);
            for (JsonNode p : op.path("parameters")) {
                JsonNode parameter = p.has("$ref")
                        ? Assembler.resolve(document, p.get("$ref").asText())
                        : p;
                boolean needed = parameter.path("required").asBoolean(false)
                        || "path".equals(parameter.path("in").asText());
                if (needed && !parameter.has("example") && !parameter.has("examples")) {
                    missing.add(key + " parameter " + parameter.path("name").asText());
                }
            }
            op.path("requestBody").path("content").properties().forEach(c -> {
                if (Assembler.needsExample(c.getKey()) && !hasExample(c.getValue())) {
                    missing.add(key + " request " + c.getKey());
                }
            });
            boolean success = false;
            for (Map.Entry<String, JsonNode> r : op.path("responses").properties()) {
                success |= r.getKey().startsWith("2");
                JsonNode response = r.getValue().has("$ref")
                        ? Assembler.resolve(document, r.getValue().get("$ref").asText())
                        : r.getValue();
                response.path("content").properties().forEach(c -> {
                    if (Assembler.needsExample(c.getKey()) && !hasExample(c.getValue())) {
                        missing.add(key + " answer " + r.getKey() + " " + c.getKey());
                    }
                });
            }
            if (!success) {
                missing.add(key + " documents no successful answer");
            }
        });
        assertThat(missing).as("operations without their examples").isEmpty();
    }

    @Test
    void everyExampleMatchesItsSchema() {
        List<String> problems = new ArrayList<>();
        for (Operation operation : OpenApi.parse(document)) {
            JsonNode op = document.path("paths")
                    .path(operation.path())
                    .path(operation.method().toLowerCase());
            String key = Assembler.key(operation.method(), operation.path());
            for (Operation.Body body : operation.bodies()) {
                JsonNode example = op.path("requestBody")
                        .path("content")
                        .path(body.mediaType())
                        .path("example");
                check(problems, key + " request", example, body.schema(), body.mediaType());
            }
            operation
                    .responses()
                    .forEach((status, content) -> content.forEach((mediaType, schema) -> {
                        JsonNode response = op.path("responses").path(status);
                        if (response.has("$ref")) {
                            response = Assembler.resolve(
                                    document, response.get("$ref").asText());
                        }
                        check(
                                problems,
                                key + " answer " + status,
                                response.path("content").path(mediaType).path("example"),
                                schema,
                                mediaType);
                    }));
        }
        assertThat(problems).as("examples that do not match their schemas").isEmpty();
    }

    @Test
    void everyReferenceResolvesAndOperationIdsAreUnique() {
        List<String> dangling = new ArrayList<>();
        collectDangling(document, dangling);
        assertThat(dangling).as("$refs that point nowhere").isEmpty();
        List<String> ids = new ArrayList<>();
        Assembler.forEachOperation(
                document, (path, method, op) -> ids.add(op.path("operationId").asText()));
        assertThat(ids).doesNotHaveDuplicates().doesNotContain("");
    }

    @Test
    void everyOperationSaysHowToAuthenticate() {
        Set<String> schemes = new TreeSet<>();
        document.path("components").path("securitySchemes").fieldNames().forEachRemaining(schemes::add);
        List<String> problems = new ArrayList<>();
        Assembler.forEachOperation(document, (path, method, op) -> {
            if (!op.path("security").isArray()) {
                problems.add(Assembler.key(method, path) + " has no security requirement (an empty list for none)");
            }
            op.path("security")
                    .forEach(req -> req.fieldNames().forEachRemaining(name -> {
                        if (!schemes.contains(name)) {
                            problems.add(Assembler.key(method, path) + " names the unknown scheme " + name);
                        }
                    }));
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void theWebhooksAreTheSubscribableEventsWithTheBodiesThePlatformSends() throws Exception {
        assertThat(document.path("webhooks").propertyStream().map(Map.Entry::getKey))
                .as("webhooks: the subscribable events of the catalogue (Events)")
                .containsExactlyInAnyOrderElementsOf(new TreeSet<>(Events.subscribableNames()));

        // The webhooks as operations, so the fuzzer's reader inlines their schemas.
        ObjectNode asPaths = document.deepCopy();
        ObjectNode paths = asPaths.putObject("paths");
        document.path("webhooks").properties().forEach(w -> paths.set("/" + w.getKey(), w.getValue()));
        ObjectMapper mapper =
                new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        List<String> problems = new ArrayList<>();
        for (Operation webhook : OpenApi.parse(asPaths)) {
            String type = webhook.path().substring(1);
            JsonNode schema = webhook.bodies().get(0).schema();
            JsonNode example = paths.path(webhook.path())
                    .path("post")
                    .path("requestBody")
                    .path("content")
                    .path("application/json")
                    .path("example");
            ResponseContract.validate(example, schema).forEach(p -> problems.add(type + " example: " + p));
            for (EventType<?> event : Events.ALL) {
                if (event.subscribable() && event.name().equals(type)) {
                    JsonNode data = mapper.valueToTree(WebhookSamples.data(event.dataType()));
                    JsonNode body = mapper.readTree(DeliveryBodies.build(
                            mapper, UUID.randomUUID().toString(), type, OffsetDateTime.now(), 7, false, data));
                    ResponseContract.validate(body, schema)
                            .forEach(p -> problems.add(type + " as sent (" + event.topic() + "): " + p));
                }
            }
        }
        assertThat(problems)
                .as("webhook bodies that do not match the documented payload")
                .isEmpty();
    }

    private static void check(
            List<String> problems, String where, JsonNode example, JsonNode schema, String mediaType) {
        if (example.isMissingNode() || !(mediaType.contains("json") || mediaType.equals("*/*"))) {
            return;
        }
        ResponseContract.validate(example, schema).forEach(p -> problems.add(where + ": " + p));
    }

    private static boolean hasExample(JsonNode mediaType) {
        return mediaType.has("example") || mediaType.path("examples").size() > 0;
    }

    private static void collectDangling(JsonNode node, List<String> dangling) {
        if (node.isObject() && node.has("$ref") && node.get("$ref").isTextual()) {
            String ref = node.get("$ref").asText();
            if (Assembler.resolve(document, ref).isMissingNode()) {
                dangling.add(ref);
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> collectDangling(child, dangling));
        }
    }

    private static List<String> operations() {
        List<String> keys = new ArrayList<>();
        Assembler.forEachOperation(document, (path, method, op) -> keys.add(Assembler.key(method, path)));
        return keys.stream().sorted().toList();
    }
}
