package org.courseplatform.apireference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The build step of this module: reads the six services' documents
 * ({@code <service>/target/openapi/openapi.json}, written by their builds), {@code deploy/routes.tsv},
 * {@code deploy/services.tsv}, the summaries of {@code docs/endpoints.md} and {@code src/main/openapi},
 * and writes the public API's document as {@code openapi.json} and {@code openapi.yaml}.
 *
 * <p>Usage: {@code ApiReferenceBuild <repository root> <output directory>}.
 */
public final class ApiReferenceBuild {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

    private static final Pattern ENDPOINT_ROW =
            Pattern.compile("^\\| `([A-Z]+)` \\| `([^`]+)` \\| (.*) \\| \\[`[^`]+`]\\(.*\\) \\|$");

    private ApiReferenceBuild() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ApiReferenceBuild <repository root> <output directory>");
        }
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path out = Path.of(args[1]);
        ObjectNode document = assemble(root);
        Files.createDirectories(out);
        Files.writeString(out.resolve("openapi.json"), JSON.writeValueAsString(document) + "\n");
        Files.writeString(out.resolve("openapi.yaml"), YAML.writeValueAsString(document));
    }

    /** The public API's document, from the files of the repository at {@code root}. */
    static ObjectNode assemble(Path root) throws IOException {
        Path sources = root.resolve("api-reference/src/main/openapi");
        Assembler assembler = new Assembler(
                Routes.read(root.resolve("deploy/routes.tsv")),
                new Assembler.Sources(
                        yaml(sources.resolve("reference.yaml")),
                        yaml(sources.resolve("operations.yaml")),
                        yaml(sources.resolve("examples.yaml")),
                        summaries(root.resolve("docs/endpoints.md"))));
        return assembler.assemble(serviceDocuments(root));
    }

    /** Each service of deploy/services.tsv with the document its build wrote. */
    static List<Assembler.ServiceDocument> serviceDocuments(Path root) throws IOException {
        List<Assembler.ServiceDocument> out = new ArrayList<>();
        for (String service : services(root)) {
            Path file = root.resolve(service).resolve("target/openapi/openapi.json");
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException(file + " is missing: build " + service
                        + " first (its build writes it: quarkus.smallrye-openapi.store-schema-directory)");
            }
            out.add(new Assembler.ServiceDocument(service, JSON.readTree(file.toFile())));
        }
        return out;
    }

    static List<String> services(Path root) throws IOException {
        return Files.readAllLines(root.resolve("deploy/services.tsv")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.split("\t")[0].strip())
                .toList();
    }

    /** The summaries of docs/endpoints.md ({@code "GET /v1/headless/courses" -> "Lists courses, ..."}). */
    static Map<String, String> summaries(Path endpointsMd) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(endpointsMd)) {
            Matcher m = ENDPOINT_ROW.matcher(line);
            if (m.matches()) {
                out.put(Assembler.key(m.group(1), m.group(2)), m.group(3).replace("\\|", "|"));
            }
        }
        return out;
    }

    static ObjectNode yaml(Path file) throws IOException {
        JsonNode node = YAML.readTree(file.toFile());
        return node instanceof ObjectNode o ? o : YAML.createObjectNode();
    }
}
