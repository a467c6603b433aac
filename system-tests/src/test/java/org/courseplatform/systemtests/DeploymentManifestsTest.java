package org.courseplatform.systemtests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the Kubernetes manifests ({@code deploy/k8s}) in step with the routing table
 * ({@code deploy/routes.tsv}) and the service table ({@code deploy/services.tsv}).
 *
 * <p>Plain file checks: runs in the normal Maven build, needs neither a cluster nor the running
 * suite. It reads the resources that the kustomizations list, so a manifest that exists but is
 * not listed does not count.
 */
class DeploymentManifestsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static final String EDGE_ERRORS = "edge-errors";
    private static final int SERVICE_PORT = 8080;
    private static final Set<String> EVENT_TOPICS =
            Set.of("member-events", "course-events", "scorm-events", "migration-events");

    private static Path repoRoot;
    private static Path baseDir;
    private static Path overlayDir;
    private static List<Route> routes;
    private static List<ServiceRow> services;
    private static List<JsonNode> baseResources;
    private static List<JsonNode> overlayResources;

    record Route(String kind, String path, String service, String scope) {
        boolean regex() {
            return "regex".equals(kind);
        }

        /**
         * The path as the Ingress must spell it. The API server only accepts paths starting with
         * {@code /}, and ingress-nginx anchors every path with {@code ^} itself, so a regex row
         * loses its leading {@code ^}.
         */
        String ingressPath() {
            return regex() && path.startsWith("^") ? path.substring(1) : path;
        }
    }

    record ServiceRow(String name, int localPort, String role) {}

    record IngressPath(String path, String pathType, String service, int port) {
        /** ingress-nginx with use-regex: location ~* "^path". */
        boolean matches(String requestPath) {
            return Pattern.compile("^" + path, Pattern.CASE_INSENSITIVE).matcher(requestPath).lookingAt();
        }
    }

    @BeforeAll
    static void readManifests() {
        repoRoot = findRepoRoot();
        baseDir = repoRoot.resolve("deploy/k8s/base");
        overlayDir = repoRoot.resolve("deploy/k8s/overlays/strimzi-cnpg");
        routes = readRoutes(repoRoot.resolve("deploy/routes.tsv"));
        services = readServices(repoRoot.resolve("deploy/services.tsv"));
        baseResources = kustomizationResources(baseDir);
        overlayResources = kustomizationResources(overlayDir);
        assertFalse(routes.isEmpty(), "deploy/routes.tsv has no rows");
        assertFalse(services.isEmpty(), "deploy/services.tsv has no rows");
    }

    // ---------------------------------------------------------------- Ingress

    @Test
    void ingressRoutesExactlyTheAllScopeRowsOfTheRoutingTable() {
        Map<String, String> expected = new TreeMap<>();
        for (Route r : routes) {
            if ("all".equals(r.scope())) {
                expected.put(r.ingressPath(), r.service());
            }
        }
        Map<String, String> actual = new TreeMap<>();
        for (IngressPath p : ingressPaths()) {
            if (!EDGE_ERRORS.equals(p.service())) {
                String previous = actual.put(p.path(), p.service());
                if (previous != null) {
                    fail("Ingress path " + p.path() + " is listed twice");
                }
            }
        }
        Set<String> missing = new TreeSet<>(expected.keySet());
        missing.removeAll(actual.keySet());
        Set<String> unexpected = new TreeSet<>(actual.keySet());
        unexpected.removeAll(expected.keySet());
        assertTrue(missing.isEmpty(), "routes.tsv rows (scope all) missing from ingress.yaml: " + missing);
        assertTrue(unexpected.isEmpty(), "ingress.yaml paths that routes.tsv does not list with scope all: " + unexpected);
        assertEquals(expected, actual, "ingress.yaml routes a path to a different service than routes.tsv");
    }

    @Test
    void ingressPathTypesMatchTheRouteKinds() {
        Map<String, IngressPath> byPath = ingressPaths().stream()
                .collect(Collectors.toMap(IngressPath::path, p -> p, (a, b) -> a));
        for (Route r : routes) {
            if (!"all".equals(r.scope())) {
                continue;
            }
            IngressPath p = byPath.get(r.ingressPath());
            assertNotNull(p, "no Ingress path " + r.ingressPath() + " for routes.tsv row " + r.path());
            if (r.regex()) {
                assertEquals("ImplementationSpecific", p.pathType(),
                        "regex row " + r.path() + " must be ImplementationSpecific (a regex under use-regex)");
            } else {
                assertTrue(Set.of("ImplementationSpecific", "Prefix").contains(p.pathType()),
                        "prefix row " + r.path() + " has pathType " + p.pathType());
            }
            assertEquals(SERVICE_PORT, p.port(), "Ingress path " + r.path() + " must target port 8080");
        }
    }

    @Test
    void everyIngressPathIsAbsoluteAsTheApiServerRequires() {
        for (IngressPath p : ingressPaths()) {
            assertTrue(p.path().startsWith("/"), "Ingress path '" + p.path() + "' must start with / (the API server rejects it)");
            assertTrue(Set.of("ImplementationSpecific", "Prefix", "Exact").contains(p.pathType()),
                    "Ingress path " + p.path() + " has pathType '" + p.pathType() + "'");
        }
    }

    @Test
    void ingressUsesRegexPathsSoRegexRowsWork() {
        JsonNode ingress = theIngress();
        assertEquals("nginx", ingress.path("spec").path("ingressClassName").asText(), "ingressClassName");
        assertEquals("true", ingress.path("metadata").path("annotations")
                .path("nginx.ingress.kubernetes.io/use-regex").asText(), "use-regex annotation");
        assertFalse(ingress.path("metadata").path("annotations")
                .path("nginx.ingress.kubernetes.io/proxy-body-size").asText().isEmpty(),
                "proxy-body-size annotation (bodies up to the largest document a service accepts)");
    }

    @Test
    void ingressNeverExposesLocalOnlyRoutes() {
        Set<String> ingressPaths = ingressPaths().stream().map(IngressPath::path).collect(Collectors.toSet());
        for (Route r : routes) {
            if ("local".equals(r.scope())) {
                assertFalse(ingressPaths.contains(r.ingressPath()), "local-only route " + r.path() + " is in ingress.yaml");
                if (!r.regex()) {
                    assertEquals(EDGE_ERRORS, routeOf(r.path() + "/anything"),
                            "a request under local-only " + r.path() + " must reach edge-errors on Kubernetes");
                }
            }
        }
    }

    @Test
    void internalPathsAreRoutedOnlyToEdgeErrors() {
        List<IngressPath> internal = ingressPaths().stream()
                .filter(p -> p.path().toLowerCase().startsWith("/internal"))
                .toList();
        assertEquals(1, internal.size(), "exactly one explicit /internal rule: " + internal);
        assertEquals("/internal", internal.get(0).path());
        assertEquals(EDGE_ERRORS, internal.get(0).service(), "/internal must go to edge-errors");
        for (String path : List.of("/internal", "/internal/v1/auth/api-keys/verify", "/INTERNAL/v1/x")) {
            assertEquals(EDGE_ERRORS, routeOf(path), path + " must never reach a service");
        }
    }

    @Test
    void unownedPathsGetTheJsonNotFoundFromEdgeErrors() {
        JsonNode ingress = theIngress();
        assertEquals(EDGE_ERRORS,
                ingress.path("spec").path("defaultBackend").path("service").path("name").asText(),
                "spec.defaultBackend must be edge-errors");
        Set<String> edgePaths = ingressPaths().stream()
                .filter(p -> EDGE_ERRORS.equals(p.service()))
                .map(IngressPath::path)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(Set.of("/", "/internal")), edgePaths, "edge-errors rules");
        for (String path : List.of("/", "/nope", "/q/metrics", "/q/health", "/v2/headless/courses")) {
            assertEquals(EDGE_ERRORS, routeOf(path), path + " is owned by no service");
        }
        String nginxConf = read(baseDir.resolve("edge-errors.nginx.conf"));
        assertTrue(nginxConf.contains("{\"message\":\"No service owns this path\",\"error\":{\"code\":\"NOT_FOUND\",\"status\":404}}"),
                "edge-errors answers the JSON 404 error body");
        assertTrue(nginxConf.contains("application/json"), "edge-errors answers application/json");
    }

    @Test
    void theMostSpecificRouteWinsLikeTheLocalIngress() {
        // Every prefix row routes its own subtree to its own service, even when a shorter row
        // (e.g. /v1/headless) also matches.
        for (Route r : routes) {
            if ("all".equals(r.scope()) && !r.regex()) {
                assertEquals(r.service(), routeOf(r.path()), r.path());
                assertEquals(r.service(), routeOf(r.path() + "/123"), r.path() + "/123");
            }
        }
        // A regex wins over any prefix it matches (DESIGN section 3).
        boolean hasMigrateRegex = routes.stream().anyMatch(r -> r.regex() && r.path().contains("migrate"));
        if (hasMigrateRegex) {
            assertEquals("migration-service", routeOf("/v1/headless/course/42/migrate"));
            assertEquals("course-service", routeOf("/v1/headless/course/42"));
        }
    }

    @Test
    void ingressBackendsAreServicesOfTheBaseOnPort8080() {
        Map<String, JsonNode> servicesByName = byName(ofKind(baseResources, "Service"));
        for (IngressPath p : ingressPaths()) {
            JsonNode svc = servicesByName.get(p.service());
            assertNotNull(svc, "Ingress path " + p.path() + " targets Service " + p.service() + " which the base does not define");
            assertTrue(servicePorts(svc).contains(p.port()),
                    "Service " + p.service() + " has no port " + p.port() + " (Ingress path " + p.path() + ")");
        }
    }

    // ---------------------------------------------------------------- Deployments and Services

    @Test
    void everyServiceHasADeploymentWithHealthProbesAndResourceRequests() {
        Map<String, JsonNode> deployments = byName(ofKind(baseResources, "Deployment"));
        for (ServiceRow s : services) {
            JsonNode deployment = deployments.get(s.name());
            assertNotNull(deployment, "no Deployment for " + s.name() + " in deploy/k8s/base");
            JsonNode container = mainContainer(deployment, s.name());

            assertTrue(container.path("image").asText().startsWith("course-platform/" + s.name() + ":"),
                    s.name() + " image: " + container.path("image").asText());
            assertTrue(containerPorts(container).contains(SERVICE_PORT), s.name() + " must listen on 8080");

            assertProbe(s.name(), container, "livenessProbe", "/q/health/live");
            assertProbe(s.name(), container, "readinessProbe", "/q/health/ready");
            assertFalse(container.path("startupProbe").isMissingNode(), s.name() + " has no startupProbe");

            JsonNode requests = container.path("resources").path("requests");
            assertFalse(requests.path("cpu").asText().isBlank(), s.name() + " has no cpu request");
            assertFalse(requests.path("memory").asText().isBlank(), s.name() + " has no memory request");
            assertFalse(container.path("resources").path("limits").path("memory").asText().isBlank(),
                    s.name() + " has no memory limit");
        }
    }

    @Test
    void everyServiceHasAClusterIpServiceOnPort8080SelectingItsPods() {
        Map<String, JsonNode> svcs = byName(ofKind(baseResources, "Service"));
        Map<String, JsonNode> deployments = byName(ofKind(baseResources, "Deployment"));
        for (ServiceRow s : services) {
            JsonNode svc = svcs.get(s.name());
            assertNotNull(svc, "no Service named " + s.name() + " in deploy/k8s/base");
            String type = svc.path("spec").path("type").asText("ClusterIP");
            assertEquals("ClusterIP", type, s.name() + " Service type");
            assertTrue(servicePorts(svc).contains(SERVICE_PORT), s.name() + " Service has no port 8080");

            JsonNode selector = svc.path("spec").path("selector");
            assertTrue(selector.size() > 0, s.name() + " Service has no selector");
            JsonNode deployment = deployments.get(s.name());
            assertNotNull(deployment, "no Deployment for " + s.name());
            JsonNode podLabels = deployment.path("spec").path("template").path("metadata").path("labels");
            selector.properties().forEach(e -> assertEquals(e.getValue().asText(),
                    podLabels.path(e.getKey()).asText(null),
                    s.name() + " Service selector " + e.getKey() + " does not match the pod labels"));
        }
    }

    @Test
    void everyServiceConnectsWithItsOwnDatabaseRole() {
        Map<String, JsonNode> deployments = byName(ofKind(baseResources, "Deployment"));
        for (ServiceRow s : services) {
            JsonNode container = mainContainer(deployments.get(s.name()), s.name());
            Map<String, JsonNode> env = new LinkedHashMap<>();
            container.path("env").forEach(e -> env.put(e.path("name").asText(), e));
            for (String var : List.of("QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD")) {
                JsonNode ref = env.getOrDefault(var, MissingNode.getInstance()).path("valueFrom").path("secretKeyRef");
                assertEquals(s.role() + "-db", ref.path("name").asText(), s.name() + " " + var + " secret");
            }
            for (String var : List.of("QUARKUS_DATASOURCE_REACTIVE_URL", "QUARKUS_DATASOURCE_JDBC_URL")) {
                assertTrue(env.containsKey(var), s.name() + " sets no " + var);
            }
        }
    }

    // ---------------------------------------------------------------- Overlay (Strimzi + CNPG)

    @Test
    void overlayDeclaresTheFourEventTopicsAndTheDeadLetterTopic() {
        List<JsonNode> topics = ofKind(overlayResources, "KafkaTopic");
        Set<String> names = topics.stream().map(DeploymentManifestsTest::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = new TreeSet<>(EVENT_TOPICS);
        // webhook-dispatcher consumes all four topics, each with a dead-letter topic.
        EVENT_TOPICS.forEach(topic -> expected.add("dead-letter-topic-" + topic));
        assertEquals(expected, names, "KafkaTopics of the strimzi-cnpg overlay");
        assertEquals(expected.size(), topics.size(), "a KafkaTopic is declared twice");

        Set<String> kafkaClusters = ofKind(overlayResources, "Kafka").stream()
                .map(DeploymentManifestsTest::name).collect(Collectors.toSet());
        assertEquals(1, kafkaClusters.size(), "the overlay declares one Kafka cluster");
        for (JsonNode t : topics) {
            String n = name(t);
            assertTrue(kafkaClusters.contains(t.path("metadata").path("labels").path("strimzi.io/cluster").asText()),
                    n + " must carry the strimzi.io/cluster label of the overlay's Kafka");
            assertEquals(6, t.path("spec").path("partitions").asInt(), n + " partitions");
            assertEquals(3, t.path("spec").path("replicas").asInt(), n + " replicas");
            assertEquals(2, t.path("spec").path("config").path("min.insync.replicas").asInt(), n + " min.insync.replicas");
        }
    }

    @Test
    void overlayDatabaseHasOneManagedRoleAndSchemaPerService() {
        List<JsonNode> clusters = ofKind(overlayResources, "Cluster");
        assertEquals(1, clusters.size(), "the overlay declares one CloudNativePG Cluster");
        JsonNode spec = clusters.get(0).path("spec");
        Map<String, String> rolesToSecrets = new TreeMap<>();
        spec.path("managed").path("roles").forEach(r ->
                rolesToSecrets.put(r.path("name").asText(), r.path("passwordSecret").path("name").asText()));
        List<String> sql = new ArrayList<>();
        spec.path("bootstrap").path("initdb").path("postInitApplicationSQL").forEach(s -> sql.add(s.asText()));
        for (ServiceRow s : services) {
            assertEquals(s.role() + "-db", rolesToSecrets.get(s.role()), "managed role " + s.role());
            assertTrue(sql.contains("CREATE SCHEMA IF NOT EXISTS " + s.role() + " AUTHORIZATION " + s.role()),
                    "postInitApplicationSQL creates no schema " + s.role());
        }
        assertEquals(services.size(), rolesToSecrets.size(), "managed roles: " + rolesToSecrets.keySet());
    }

    @Test
    void overlayNeverAppliesTheExampleSecrets() {
        JsonNode kustomization = readAll(overlayDir.resolve("kustomization.yaml")).get(0);
        kustomization.path("resources").forEach(r ->
                assertFalse(r.asText().contains("secrets.example"), "secrets.example.yaml must not be a resource"));
        assertTrue(ofKind(overlayResources, "Secret").isEmpty(), "the overlay must not ship Secrets");
        assertTrue(ofKind(baseResources, "Secret").isEmpty(), "the base must not ship Secrets");
    }

    // ---------------------------------------------------------------- helpers

    /** The service ingress-nginx picks for a request path: longest path first, first regex match wins. */
    private static String routeOf(String requestPath) {
        return ingressPaths().stream()
                .sorted(Comparator.comparingInt((IngressPath p) -> p.path().length()).reversed())
                .filter(p -> p.matches(requestPath))
                .map(IngressPath::service)
                .findFirst()
                .orElse(theIngress().path("spec").path("defaultBackend").path("service").path("name").asText("<controller default>"));
    }

    private static void assertProbe(String service, JsonNode container, String probe, String path) {
        JsonNode httpGet = container.path(probe).path("httpGet");
        assertEquals(path, httpGet.path("path").asText(null), service + " " + probe + " path");
        String port = httpGet.path("port").asText();
        assertTrue("http".equals(port) || String.valueOf(SERVICE_PORT).equals(port),
                service + " " + probe + " must probe the http port (8080), not " + port);
    }

    private static JsonNode mainContainer(JsonNode deployment, String serviceName) {
        assertNotNull(deployment, "no Deployment for " + serviceName);
        JsonNode containers = deployment.path("spec").path("template").path("spec").path("containers");
        for (JsonNode c : containers) {
            if (serviceName.equals(c.path("name").asText())) {
                return c;
            }
        }
        assertEquals(1, containers.size(), serviceName + ": no container named after the service");
        return containers.get(0);
    }

    private static Set<Integer> containerPorts(JsonNode container) {
        Set<Integer> ports = new TreeSet<>();
        container.path("ports").forEach(p -> ports.add(p.path("containerPort").asInt()));
        return ports;
    }

    private static Set<Integer> servicePorts(JsonNode service) {
        Set<Integer> ports = new TreeSet<>();
        service.path("spec").path("ports").forEach(p -> ports.add(p.path("port").asInt()));
        return ports;
    }

    private static JsonNode theIngress() {
        List<JsonNode> ingresses = ofKind(baseResources, "Ingress");
        assertEquals(1, ingresses.size(), "the base declares one Ingress");
        assertEquals("course-platform", name(ingresses.get(0)));
        return ingresses.get(0);
    }

    private static List<IngressPath> ingressPaths() {
        List<IngressPath> paths = new ArrayList<>();
        for (JsonNode rule : theIngress().path("spec").path("rules")) {
            for (JsonNode p : rule.path("http").path("paths")) {
                JsonNode svc = p.path("backend").path("service");
                paths.add(new IngressPath(p.path("path").asText(), p.path("pathType").asText(),
                        svc.path("name").asText(), svc.path("port").path("number").asInt()));
            }
        }
        assertFalse(paths.isEmpty(), "the Ingress has no paths");
        return paths;
    }

    private static List<JsonNode> ofKind(List<JsonNode> docs, String kind) {
        return docs.stream().filter(d -> kind.equals(d.path("kind").asText())).toList();
    }

    private static Map<String, JsonNode> byName(List<JsonNode> docs) {
        Map<String, JsonNode> map = new LinkedHashMap<>();
        for (JsonNode d : docs) {
            if (map.put(name(d), d) != null) {
                fail(d.path("kind").asText() + " " + name(d) + " is declared twice");
            }
        }
        return map;
    }

    private static String name(JsonNode doc) {
        return doc.path("metadata").path("name").asText();
    }

    /** The documents of the files a kustomization.yaml lists under resources (directories, i.e. bases, are skipped). */
    private static List<JsonNode> kustomizationResources(Path dir) {
        Path kustomization = dir.resolve("kustomization.yaml");
        assertTrue(Files.isRegularFile(kustomization), "missing " + repoRoot.relativize(kustomization));
        List<JsonNode> docs = new ArrayList<>();
        for (JsonNode entry : readAll(kustomization).get(0).path("resources")) {
            Path resource = dir.resolve(entry.asText()).normalize();
            if (Files.isDirectory(resource)) {
                continue;
            }
            assertTrue(Files.isRegularFile(resource), "kustomization resource not found: " + resource);
            docs.addAll(readAll(resource));
        }
        return docs;
    }

    /** Every non-empty document of a (multi-document) YAML file. */
    private static List<JsonNode> readAll(Path file) {
        List<JsonNode> docs = new ArrayList<>();
        try (JsonParser parser = YAML.getFactory().createParser(file.toFile());
                MappingIterator<JsonNode> it = YAML.readValues(parser, JsonNode.class)) {
            while (it.hasNextValue()) {
                JsonNode doc = it.nextValue();
                if (doc != null && doc.isObject() && doc.size() > 0) {
                    docs.add(doc);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return docs;
    }

    private static List<Route> readRoutes(Path file) {
        List<Route> rows = new ArrayList<>();
        for (String[] cols : tsv(file, 4)) {
            assertTrue(Set.of("prefix", "regex").contains(cols[0]), "routes.tsv kind: " + cols[0]);
            assertTrue(Set.of("all", "local").contains(cols[3]), "routes.tsv scope: " + cols[3]);
            rows.add(new Route(cols[0], cols[1], cols[2], cols[3]));
        }
        return rows;
    }

    private static List<ServiceRow> readServices(Path file) {
        List<ServiceRow> rows = new ArrayList<>();
        for (String[] cols : tsv(file, 3)) {
            rows.add(new ServiceRow(cols[0], Integer.parseInt(cols[1]), cols[2]));
        }
        return rows;
    }

    private static List<String[]> tsv(Path file, int columns) {
        List<String[]> rows = new ArrayList<>();
        for (String line : read(file).split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] cols = line.replace("\r", "").split("\t");
            assertEquals(columns, cols.length, repoRoot.relativize(file) + ": bad row '" + line + "'");
            for (int i = 0; i < cols.length; i++) {
                cols[i] = cols[i].strip();
            }
            rows.add(cols);
        }
        return rows;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static Path findRepoRoot() {
        Path dir = Paths.get(System.getProperty("user.dir")).toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("deploy/routes.tsv"))) {
                return d;
            }
        }
        return fail("no deploy/routes.tsv in " + dir + " or any parent directory");
    }
}
