package org.courseplatform.platform.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code docs/endpoints.md}: one section per service ({@code ## <service>}) with a table of its
 * endpoints (method, path, summary, resource class), generated from the OpenAPI document the
 * service serves. {@link #check} compares a section with the document; {@link #section} renders
 * what the section should be.
 */
public final class EndpointsTable {

    /** The file, relative to the repository root. */
    public static final String FILE = "docs/endpoints.md";

    private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete", "head", "options");
    private static final Pattern TEMPLATE_REGEX = Pattern.compile("\\{\\s*([^}:\\s]+)\\s*:[^}]*}");

    /** One endpoint. */
    public record Row(String method, String path, String summary, String resourceClass) {

        String key() {
            return method + " " + path;
        }
    }

    private EndpointsTable() {}

    /**
     * The rows of an OpenAPI document, sorted by path then method. Resource classes are looked up
     * in {@code classes} (the module's compiled main classes); operations served only by classes in
     * {@code testClasses} (test resources) are left out. The summary is the opening sentences of the
     * resource method's Javadoc, else the operation's OpenAPI summary, else its operation id in words.
     */
    public static List<Row> rows(String openApiJson, Path classes, Path testClasses, ClassLoader loader) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(openApiJson);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> resources = resourceClasses(classes, loader);
        Map<String, String> testResources = resourceClasses(testClasses, loader);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : root.path("paths").properties()) {
            for (String method : METHODS) {
                JsonNode operation = path.getValue().get(method);
                if (operation == null) {
                    continue;
                }
                String upper = method.toUpperCase(Locale.ROOT);
                String template = normalise(path.getKey());
                String key = upper + " " + template;
                if (!resources.containsKey(key) && testResources.containsKey(key)) {
                    continue;
                }
                String resource = resources.getOrDefault(key, "");
                String operationId = operation.path("operationId").asText("");
                String summary = javadocSummary(resource, operationId);
                if (summary.isBlank()) {
                    summary = operation.path("summary").asText("");
                }
                if (summary.isBlank()) {
                    summary = words(operationId);
                }
                if (operation.path("deprecated").asBoolean(false)
                        && !summary.toLowerCase(Locale.ROOT).contains("deprecated")) {
                    summary = "Deprecated: " + summary;
                }
                rows.add(new Row(
                        upper,
                        template,
                        summary.replace("|", "\\|").replace("\n", " ").strip(),
                        resource));
            }
        }
        rows.sort(Comparator.comparing(Row::path)
                .thenComparing(row -> METHODS.indexOf(row.method().toLowerCase(Locale.ROOT))));
        return rows;
    }

    /** The Markdown section of one service, heading included. */
    public static String section(String service, List<Row> rows, Map<String, String> keptSummaries) {
        StringBuilder out = new StringBuilder();
        out.append("## ").append(service).append("\n\n");
        out.append("| method | path | summary | resource class |\n|---|---|---|---|\n");
        for (Row row : rows) {
            String summary = keptSummaries.getOrDefault(row.key(), row.summary());
            out.append("| `")
                    .append(row.method())
                    .append("` | `")
                    .append(row.path())
                    .append("` | ")
                    .append(summary)
                    .append(" | ")
                    .append(link(row.resourceClass()))
                    .append(" |\n");
        }
        return out.toString();
    }

    /**
     * Compares the service's section of {@code docs/endpoints.md} with the rows; answers null when
     * they name the same (method, path) pairs, else a message naming the rows to add and remove.
     */
    public static String differences(String service, String markdown, List<Row> rows) {
        Map<String, String> documented = documentedRows(service, markdown);
        if (documented == null) {
            return FILE + " has no section \"## " + service + "\"";
        }
        Set<String> actual = new TreeSet<>();
        rows.forEach(row -> actual.add(row.key()));
        List<String> add = new ArrayList<>();
        for (Row row : rows) {
            if (!documented.containsKey(row.key())) {
                add.add("| `" + row.method() + "` | `" + row.path() + "` | " + row.summary() + " | "
                        + link(row.resourceClass()) + " |");
            }
        }
        List<String> remove = documented.entrySet().stream()
                .filter(e -> !actual.contains(e.getKey()))
                .map(Map.Entry::getValue)
                .toList();
        if (add.isEmpty() && remove.isEmpty()) {
            return null;
        }
        StringBuilder message = new StringBuilder(
                FILE + ", section \"## " + service + "\", does not match the service's OpenAPI document (/q/openapi).");
        if (!add.isEmpty()) {
            message.append("\nAdd these rows:\n").append(String.join("\n", add));
        }
        if (!remove.isEmpty()) {
            message.append("\nRemove these rows:\n").append(String.join("\n", remove));
        }
        return message.toString();
    }

    /** The summaries written in the service's section, by {@code "METHOD /path"}, to keep when the section is regenerated. */
    public static Map<String, String> documentedSummaries(String service, String markdown) {
        Map<String, String> summaries = new HashMap<>();
        List<String> lines = sectionLines(service, markdown);
        for (String line : lines == null ? List.<String>of() : lines) {
            String[] cells = cells(line);
            if (cells != null && cells.length >= 3) {
                summaries.put(cells[0] + " " + cells[1], cells[2]);
            }
        }
        return summaries;
    }

    /** Replaces the service's section of the Markdown (or appends it) with {@code section}. */
    public static String replaceSection(String service, String markdown, String section) {
        List<String> lines = markdown.lines().toList();
        int start = -1;
        int end = lines.size();
        for (int i = 0; i < lines.size(); i++) {
            if (start < 0 && lines.get(i).strip().equals("## " + service)) {
                start = i;
            } else if (start >= 0 && lines.get(i).startsWith("## ")) {
                end = i;
                break;
            }
        }
        StringBuilder out = new StringBuilder();
        if (start < 0) {
            out.append(markdown.stripTrailing()).append("\n\n").append(section);
            return out.toString();
        }
        lines.subList(0, start).forEach(line -> out.append(line).append('\n'));
        out.append(section);
        if (end < lines.size()) {
            out.append('\n');
            lines.subList(end, lines.size()).forEach(line -> out.append(line).append('\n'));
        }
        return out.toString();
    }

    // ------------------------------------------------------------------------------------------

    /** {@code "METHOD /path"} to the table line, or null when the file has no section for the service. */
    private static Map<String, String> documentedRows(String service, String markdown) {
        List<String> lines = sectionLines(service, markdown);
        if (lines == null) {
            return null;
        }
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : lines) {
            String[] cells = cells(line);
            if (cells != null) {
                rows.put(cells[0] + " " + cells[1], line.strip());
            }
        }
        return rows;
    }

    private static List<String> sectionLines(String service, String markdown) {
        List<String> section = null;
        for (String line : markdown.lines().toList()) {
            if (line.strip().equals("## " + service)) {
                section = new ArrayList<>();
            } else if (section != null && line.startsWith("## ")) {
                break;
            } else if (section != null) {
                section.add(line);
            }
        }
        return section;
    }

    /** The cells of a table row whose first cell is an HTTP method, backticks removed; null for any other line. */
    private static String[] cells(String line) {
        String trimmed = line.strip();
        if (!trimmed.startsWith("|")) {
            return null;
        }
        String[] raw = trimmed.substring(1).split("(?<!\\\\)\\|");
        if (raw.length < 2) {
            return null;
        }
        String[] cells = new String[raw.length];
        for (int i = 0; i < raw.length; i++) {
            cells[i] = raw[i].strip();
        }
        cells[0] = cells[0].replace("`", "");
        cells[1] = cells[1].replace("`", "");
        return METHODS.contains(cells[0].toLowerCase(Locale.ROOT)) && cells[0].equals(cells[0].toUpperCase(Locale.ROOT))
                ? cells
                : null;
    }

    /** {@code {id: [0-9]+}} to {@code {id}}. */
    static String normalise(String path) {
        String normal = TEMPLATE_REGEX.matcher(path).replaceAll("{$1}").replaceAll("/+", "/");
        return normal.length() > 1 && normal.endsWith("/") ? normal.substring(0, normal.length() - 1) : normal;
    }

    /** {@code listMembers} to {@code List members}. */
    static String words(String operationId) {
        if (operationId.isBlank()) {
            return "";
        }
        String spaced = operationId
                .replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                .replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
                .replace('_', ' ')
                .toLowerCase(Locale.ROOT);
        return Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    /** A Markdown link from docs/ to the class's source file, or the bare name when it is not found. */
    private static String link(String className) {
        if (className.isEmpty()) {
            return "";
        }
        String simple = className.substring(className.lastIndexOf('.') + 1).replace('$', '.');
        Path source = sourceOf(className);
        if (source == null) {
            return "`" + simple + "`";
        }
        return "[`" + simple + "`](../"
                + RepoRoot.find().relativize(source).toString().replace('\\', '/') + ")";
    }

    /** The main source file of a class in any module of the repository, or null. */
    private static Path sourceOf(String className) {
        String outer = className.contains("$") ? className.substring(0, className.indexOf('$')) : className;
        String relative = outer.replace('.', '/') + ".java";
        Path root = RepoRoot.find();
        try (Stream<Path> modules = Stream.concat(
                Files.list(root),
                Files.isDirectory(root.resolve("platform")) ? Files.list(root.resolve("platform")) : Stream.empty())) {
            for (Path module : modules.toList()) {
                Path source = module.resolve("src/main/java").resolve(relative);
                if (Files.isRegularFile(source)) {
                    return source;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return null;
    }

    private static final Pattern DECLARATION_END = Pattern.compile(".*[;{}]\\s*$");

    /** The opening sentences of the Javadoc of {@code method} in the class's source, or an empty string. */
    static String javadocSummary(String className, String method) {
        if (className.isEmpty() || method.isBlank()) {
            return "";
        }
        Path source = sourceOf(className);
        if (source == null) {
            return "";
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(source, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
        Pattern declaration = Pattern.compile(
                "^\\s*(public|protected|private)?\\s*[\\w<>\\[\\],.? ]+\\s" + Pattern.quote(method) + "\\s*\\(.*");
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!declaration.matcher(line).matches() || line.contains("return ") || line.contains(" = ")) {
                continue;
            }
            int j = i - 1;
            while (j >= 0 && !lines.get(j).strip().endsWith("*/")) {
                String previous = lines.get(j).strip();
                if (!previous.isEmpty()
                        && !previous.startsWith("@")
                        && DECLARATION_END.matcher(previous).matches()) {
                    break;
                }
                j--;
            }
            if (j < 0 || !lines.get(j).strip().endsWith("*/")) {
                return "";
            }
            int start = j;
            while (start >= 0 && !lines.get(start).contains("/**")) {
                start--;
            }
            if (start < 0) {
                return "";
            }
            StringBuilder text = new StringBuilder();
            for (int k = start; k <= j; k++) {
                text.append(' ')
                        .append(lines.get(k)
                                .strip()
                                .replaceFirst("^/\\*\\*", "")
                                .replaceFirst("\\*/$", "")
                                .replaceFirst("^\\*", ""));
            }
            return firstSentence(text.toString());
        }
        return "";
    }

    /** The opening sentences of Javadoc text (up to 160 characters), {@code @code} as backticks, tags removed. */
    static String firstSentence(String javadoc) {
        String text = javadoc.replaceAll("\\{@(?:code|literal)\\s+((?:[^{}]|\\{[^{}]*})*)}", "`$1`")
                .replaceAll("\\{@(?:link|linkplain)\\s+([^}\\s]*)(?:\\s+([^}]*))?}", "$1")
                .replaceAll("<[^>]+>", "")
                .replaceAll("\\s+", " ")
                .strip();
        int at = text.indexOf(" @");
        if (text.startsWith("@")) {
            return "";
        }
        if (at >= 0) {
            text = text.substring(0, at).strip();
        }
        // Whole sentences, as many as fit in 160 characters (at least one).
        Matcher end = Pattern.compile("\\.(\\s|$)").matcher(text);
        int cut = -1;
        while (end.find()) {
            if (cut >= 0 && end.start() + 1 > 160) {
                break;
            }
            cut = end.start() + 1;
        }
        return cut < 0 ? text : text.substring(0, cut);
    }

    /**
     * {@code "METHOD /path"} to the name of the JAX-RS resource class that declares it, for every
     * class compiled into {@code classes} (interfaces, such as REST clients, left out). Annotations
     * are read by name, so this needs no JAX-RS API.
     */
    static Map<String, String> resourceClasses(Path classes, ClassLoader loader) {
        Map<String, String> resources = new HashMap<>();
        if (!Files.isDirectory(classes)) {
            return resources;
        }
        List<String> names;
        try (Stream<Path> files = Files.walk(classes)) {
            names = files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> classes.relativize(p).toString().replace('\\', '/'))
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
                    .filter(n -> !n.endsWith("package-info") && !n.endsWith("module-info"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String name : names) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ReflectiveOperationException | LinkageError e) {
                continue;
            }
            if (type.isInterface()) {
                continue; // REST client interfaces declare paths of other services
            }
            String base = pathOf(type.getAnnotations());
            Method[] methods;
            try {
                methods = type.getDeclaredMethods();
            } catch (LinkageError e) {
                continue;
            }
            for (Method method : methods) {
                String http = httpMethod(method.getAnnotations());
                if (http == null) {
                    continue;
                }
                String sub = pathOf(method.getAnnotations());
                String full = normalise("/" + (base == null ? "" : base) + "/" + (sub == null ? "" : sub));
                resources.putIfAbsent(http + " " + full, name);
            }
        }
        return resources;
    }

    private static String pathOf(Annotation[] annotations) {
        for (Annotation annotation : annotations) {
            if (annotation.annotationType().getName().equals("jakarta.ws.rs.Path")) {
                return value(annotation);
            }
        }
        return null;
    }

    private static String httpMethod(Annotation[] annotations) {
        for (Annotation annotation : annotations) {
            for (Annotation meta : annotation.annotationType().getAnnotations()) {
                if (meta.annotationType().getName().equals("jakarta.ws.rs.HttpMethod")) {
                    return value(meta);
                }
            }
        }
        return null;
    }

    private static String value(Annotation annotation) {
        try {
            return String.valueOf(annotation.annotationType().getMethod("value").invoke(annotation));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** Reads the file, or an empty string when it does not exist. */
    public static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the file, creating its folder. */
    public static void write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
