package org.courseplatform.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The platform's services and their schemas, from {@code deploy/services.tsv}. */
public final class PlatformServices {

    private PlatformServices() {}

    /** Service name to schema, in the table's order. */
    public static Map<String, String> schemas() {
        Map<String, String> schemas = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(RepoRoot.find().resolve("deploy/services.tsv"))) {
                String[] columns = line.split("\t");
                if (!line.startsWith("#") && columns.length >= 3) {
                    schemas.put(columns[0].strip(), columns[2].strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return schemas;
    }

    /** Every service name. */
    public static List<String> names() {
        return new ArrayList<>(schemas().keySet());
    }

    static String schemaOf(String service) {
        String schema = schemas().get(service);
        if (schema == null) {
            throw new IllegalArgumentException("no service " + service + " in deploy/services.tsv");
        }
        return schema;
    }

    static String serviceOf(String schema) {
        return schemas().entrySet().stream()
                .filter(e -> e.getValue().equals(schema))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("no service with schema " + schema + " in deploy/services.tsv"));
    }

    /** A service's {@code platform.auth.service-callers}, as its application.properties sets it. */
    static List<String> serviceCallers(String service) {
        Path properties = RepoRoot.find().resolve(service).resolve("src/main/resources/application.properties");
        try {
            for (String line : Files.readAllLines(properties)) {
                if (line.startsWith("platform.auth.service-callers=")) {
                    return List.of(line.substring(line.indexOf('=') + 1).strip().split("\\s*,\\s*"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.of();
    }
}
