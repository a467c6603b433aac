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
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the Kubernetes manifests ({@code deploy/k8s}) in step with the routing table
 * ({@code deploy/routes.tsv}) and the service table ({@code deploy/services.tsv}). The Ingress has
 * two rules: the API's (the host of {@code PLATFORM_PUBLIC_BASE_URL}: the rows of scope {@code all}) and the
 * SCORM content origin's
 * (a wildcard host: the rows of scope {@code content}), whose host is the one of
 * {@code SCORM_PLAYER_CONTENT_ORIGIN} in the platform configuration.
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
        boolean content() {
            return "content".equals(scope);
        }

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
            return Pattern.compile("^" + path, Pattern.CASE_INSENSITIVE)
                    .matcher(requestPath)
                    .lookingAt();
        }
    }

    @BeforeAll
    static void readManifests() {
        repoRoot = RepoRoot.find();
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
        assertTrue(
                unexpected.isEmpty(), "ingress.yaml paths that routes.tsv does not list with scope all: " + unexpected);
        assertEquals(expected, actual, "ingress.yaml routes a path to a different service than routes.tsv");
    }

    @Test
    void ingressPathTypesMatchTheRouteKinds() {
        Map<String, IngressPath> byPath =
                ingressPaths().stream().collect(Collectors.toMap(IngressPath::path, p -> p, (a, b) -> a));
        for (Route r : routes) {
            if (!"all".equals(r.scope())) {
                continue;
            }
            IngressPath p = byPath.get(r.ingressPath());
            assertNotNull(p, "no Ingress path " + r.ingressPath() + " for routes.tsv row " + r.path());
            if (r.regex()) {
                assertEquals(
                        "ImplementationSpecific",
                        p.pathType(),
                        "regex row " + r.path() + " must be ImplementationSpecific (a regex under use-regex)");
            } else {
                assertTrue(
                        Set.of("ImplementationSpecific", "Prefix").contains(p.pathType()),
                        "prefix row " + r.path() + " has pathType " + p.pathType());
            }
            assertEquals(SERVICE_PORT, p.port(), "Ingress path " + r.path() + " must target port 8080");
        }
    }

    @Test
    void everyIngressPathIsAbsoluteAsTheApiServerRequires() {
        List<IngressPath> all = new ArrayList<>(ingressPaths());
        all.addAll(contentPaths());
        for (IngressPath p : all) {
            assertTrue(
                    p.path().startsWith("/"),
                    "Ingress path '" + p.path() + "' must start with / (the API server rejects it)");
            assertTrue(
                    Set.of("ImplementationSpecific", "Prefix", "Exact").contains(p.pathType()),
                    "Ingress path " + p.path() + " has pathType '" + p.pathType() + "'");
        }
    }

    @Test
    void ingressUsesRegexPathsSoRegexRowsWork() {
        JsonNode ingress = theIngress();
        assertEquals("nginx", ingress.path("spec").path("ingressClassName").asText(), "ingressClassName");
        assertEquals(
                "true",
                ingress.path("metadata")
                        .path("annotations")
                        .path("nginx.ingress.kubernetes.io/use-regex")
                        .asText(),
                "use-regex annotation");
        assertFalse(
                ingress.path("metadata")
                        .path("annotations")
                        .path("nginx.ingress.kubernetes.io/proxy-body-size")
                        .asText()
                        .isEmpty(),
                "proxy-body-size annotation (bodies up to the largest document a service accepts)");
    }

    @Test
    void ingressNeverExposesLocalOnlyRoutes() {
        Set<String> ingressPaths =
                ingressPaths().stream().map(IngressPath::path).collect(Collectors.toSet());
        for (Route r : routes) {
            if ("local".equals(r.scope())) {
                assertFalse(
                        ingressPaths.contains(r.ingressPath()), "local-only route " + r.path() + " is in ingress.yaml");
                if (!r.regex()) {
                    assertEquals(
                            EDGE_ERRORS,
                            routeOf(r.path() + "/anything"),
                            "a request under local-only " + r.path() + " must reach edge-errors on Kubernetes");
                    assertEquals(
                            EDGE_ERRORS,
                            contentRouteOf(r.path() + "/anything"),
                            "a request under local-only " + r.path() + " must reach edge-errors on the content host");
                }
            }
        }
    }

    // ---------------------------------------------------------------- The SCORM content origin

    @Test
    void theContentHostRuleRoutesExactlyTheContentRowsOfTheRoutingTable() {
        Map<String, String> expected = new TreeMap<>();
        for (Route r : routes) {
            if (r.content()) {
                expected.put(r.ingressPath(), r.service());
            }
        }
        assertFalse(expected.isEmpty(), "routes.tsv has no rows of scope content (the SCORM player)");
        Map<String, String> actual = new TreeMap<>();
        for (IngressPath p : contentPaths()) {
            if (!EDGE_ERRORS.equals(p.service()) && actual.put(p.path(), p.service()) != null) {
                fail("content host path " + p.path() + " is listed twice");
            }
            assertEquals(SERVICE_PORT, p.port(), "content host path " + p.path() + " must target port 8080");
        }
        assertEquals(expected, actual, "the content host rule must carry exactly the routes.tsv rows of scope content");
        Set<String> edgePaths = contentPaths().stream()
                .filter(p -> EDGE_ERRORS.equals(p.service()))
                .map(IngressPath::path)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("/"), edgePaths, "the content host's catch-all / must go to edge-errors");
        for (String path :
                List.of("/", "/v1/headless/courses", "/api/v1/members", "/internal/v1/x", "/admin/v1/workspaces")) {
            assertEquals(EDGE_ERRORS, contentRouteOf(path), path + " must not be served on the content host");
        }
        for (Route r : routes) {
            if (r.content() && !r.regex()) {
                assertEquals(r.service(), contentRouteOf(r.path() + "/launch"), r.path() + " on the content host");
                // Package content never runs on the API's origin: the API host does not route it.
                assertEquals(
                        EDGE_ERRORS, routeOf(r.path() + "/launch"), r.path() + " must not be routed on the API host");
            }
        }
    }

    @Test
    void theContentHostIsTheWildcardOfTheConfiguredContentOrigin() {
        JsonNode rule = contentRule();
        String host = rule.path("host").asText();
        assertTrue(host.startsWith("*."), "the content host rule must be a wildcard host (*.domain): " + host);
        for (Path env : List.of(baseDir.resolve("platform-config.env"), overlayDir.resolve("platform-config.env"))) {
            String origin = envValue(env, "SCORM_PLAYER_CONTENT_ORIGIN");
            if (env.startsWith(overlayDir) && origin == null) {
                continue;
            }
            assertNotNull(origin, repoRoot.relativize(env) + " sets no SCORM_PLAYER_CONTENT_ORIGIN");
            assertTrue(
                    origin.matches("https://\\{session}\\.[a-z0-9.-]+"),
                    repoRoot.relativize(env) + ": SCORM_PLAYER_CONTENT_ORIGIN must be https://{session}.<domain>: "
                            + origin);
            assertEquals(
                    host,
                    origin.replace("https://{session}.", "*."),
                    repoRoot.relativize(env) + ": SCORM_PLAYER_CONTENT_ORIGIN and the Ingress's content host differ");
            String api = envValue(baseDir.resolve("platform-config.env"), "PLATFORM_PUBLIC_BASE_URL");
            String apiHost = URI.create(api).getHost();
            assertFalse(
                    apiHost.endsWith(host.substring(1)) || apiHost.equals(host.substring(2)),
                    "the content host " + host + " must not cover the API host " + apiHost);
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
        assertEquals(
                EDGE_ERRORS,
                ingress.path("spec")
                        .path("defaultBackend")
                        .path("service")
                        .path("name")
                        .asText(),
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
        assertTrue(
                nginxConf.contains(
                        "{\"message\":\"No service owns this path\",\"error\":{\"code\":\"NOT_FOUND\",\"status\":404}}"),
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
        boolean hasMigrateRegex =
                routes.stream().anyMatch(r -> r.regex() && r.path().contains("migrate"));
        if (hasMigrateRegex) {
            assertEquals("migration-service", routeOf("/v1/headless/course/42/migrate"));
            assertEquals("course-service", routeOf("/v1/headless/course/42"));
        }
    }

    @Test
    void ingressBackendsAreServicesOfTheBaseOnPort8080() {
        Map<String, JsonNode> servicesByName = byName(ofKind(baseResources, "Service"));
        List<IngressPath> all = new ArrayList<>(ingressPaths());
        all.addAll(contentPaths());
        for (IngressPath p : all) {
            JsonNode svc = servicesByName.get(p.service());
            assertNotNull(
                    svc,
                    "Ingress path " + p.path() + " targets Service " + p.service() + " which the base does not define");
            assertTrue(
                    servicePorts(svc).contains(p.port()),
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

            assertTrue(
                    container.path("image").asText().startsWith("course-platform/" + s.name() + ":"),
                    s.name() + " image: " + container.path("image").asText());
            assertTrue(containerPorts(container).contains(SERVICE_PORT), s.name() + " must listen on 8080");

            assertProbe(s.name(), container, "livenessProbe", "/q/health/live");
            assertProbe(s.name(), container, "readinessProbe", "/q/health/ready");
            assertFalse(container.path("startupProbe").isMissingNode(), s.name() + " has no startupProbe");

            JsonNode requests = container.path("resources").path("requests");
            assertFalse(requests.path("cpu").asText().isBlank(), s.name() + " has no cpu request");
            assertFalse(requests.path("memory").asText().isBlank(), s.name() + " has no memory request");
            assertFalse(
                    container
                            .path("resources")
                            .path("limits")
                            .path("memory")
                            .asText()
                            .isBlank(),
                    s.name() + " has no memory limit");
        }
    }

    /**
     * Every Deployment survives a drain and scales: it starts with at least two replicas, a
     * HorizontalPodAutoscaler of the same name targets it (at least two, on CPU), and a
     * PodDisruptionBudget of the same name selects exactly its pods and lets one go at a time.
     */
    @Test
    void everyDeploymentHasTwoReplicasAnAutoscalerAndADisruptionBudgetSelectingItsPods() {
        Map<String, JsonNode> hpas = byName(ofKind(baseResources, "HorizontalPodAutoscaler"));
        Map<String, JsonNode> pdbs = byName(ofKind(baseResources, "PodDisruptionBudget"));
        List<JsonNode> deployments = ofKind(baseResources, "Deployment");
        assertTrue(deployments.size() > services.size(), "expected the services' and edge-errors' Deployments");
        for (JsonNode deployment : deployments) {
            String n = name(deployment);
            JsonNode spec = deployment.path("spec");
            assertTrue(spec.path("replicas").asInt() >= 2, n + " replicas must be at least 2");
            JsonNode selector = spec.path("selector").path("matchLabels");
            JsonNode podLabels = spec.path("template").path("metadata").path("labels");

            JsonNode hpa = hpas.get(n);
            assertNotNull(hpa, "no HorizontalPodAutoscaler for " + n);
            assertEquals("autoscaling/v2", hpa.path("apiVersion").asText(), n + " HPA apiVersion");
            JsonNode target = hpa.path("spec").path("scaleTargetRef");
            assertEquals("Deployment", target.path("kind").asText(), n + " HPA target kind");
            assertEquals(n, target.path("name").asText(), n + " HPA target name");
            int min = hpa.path("spec").path("minReplicas").asInt();
            int max = hpa.path("spec").path("maxReplicas").asInt();
            assertTrue(min >= 2, n + " HPA minReplicas must be at least 2");
            assertTrue(max > min, n + " HPA maxReplicas must exceed minReplicas");
            assertTrue(
                    stream(hpa.path("spec").path("metrics"))
                            .anyMatch(m ->
                                    "cpu".equals(m.path("resource").path("name").asText())),
                    n + " HPA has no CPU target");

            JsonNode pdb = pdbs.get(n);
            assertNotNull(pdb, "no PodDisruptionBudget for " + n);
            JsonNode budget = pdb.path("spec");
            boolean oneAtATime = budget.path("minAvailable").asInt(0) >= 1
                    || budget.path("maxUnavailable").asInt(0) == 1;
            assertTrue(oneAtATime, n + " PDB must keep one pod (minAvailable >= 1 or maxUnavailable: 1)");
            JsonNode pdbSelector = budget.path("selector").path("matchLabels");
            assertEquals(selector, pdbSelector, n + " PDB selector must equal the Deployment's selector");
            pdbSelector
                    .properties()
                    .forEach(e -> assertEquals(
                            e.getValue().asText(),
                            podLabels.path(e.getKey()).asText(null),
                            n + " PDB selector " + e.getKey() + " does not match the pod labels"));
        }
        assertEquals(deployments.size(), hpas.size(), "an HPA without a Deployment: " + hpas.keySet());
        assertEquals(deployments.size(), pdbs.size(), "a PDB without a Deployment: " + pdbs.keySet());
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
            JsonNode podLabels =
                    deployment.path("spec").path("template").path("metadata").path("labels");
            selector.properties()
                    .forEach(e -> assertEquals(
                            e.getValue().asText(),
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
                JsonNode ref = env.getOrDefault(var, MissingNode.getInstance())
                        .path("valueFrom")
                        .path("secretKeyRef");
                assertEquals(s.role() + "-db", ref.path("name").asText(), s.name() + " " + var + " secret");
            }
            for (String var : List.of("QUARKUS_DATASOURCE_REACTIVE_URL", "QUARKUS_DATASOURCE_JDBC_URL")) {
                assertTrue(env.containsKey(var), s.name() + " sets no " + var);
            }
        }
    }

    /**
     * R4: each pod holds only its own signing key (Secret {@code <service>-jwt}) and reads every
     * service's public key from one ConfigMap, at the locations platform-config.env names.
     */
    @Test
    void everyServiceMountsOnlyItsOwnSigningKeyAndThePublicKeys() {
        Map<String, String> config = envFile(baseDir.resolve("platform-config.env"));
        assertEquals("/etc/course-platform/jwt/private.pem", config.get("PLATFORM_AUTH_PRIVATE_KEY_LOCATION"));
        assertEquals("/etc/course-platform/jwt-public", config.get("PLATFORM_AUTH_PUBLIC_KEYS_LOCATION"));
        assertFalse(config.containsKey("PLATFORM_AUTH_PUBLIC_KEY_LOCATION"), "the one shared public key is gone");
        Map<String, JsonNode> deployments = byName(ofKind(baseResources, "Deployment"));
        for (ServiceRow s : services) {
            JsonNode podSpec =
                    deployments.get(s.name()).path("spec").path("template").path("spec");
            Map<String, JsonNode> volumes = new LinkedHashMap<>();
            podSpec.path("volumes").forEach(v -> volumes.put(v.path("name").asText(), v));
            List<String> secrets = new ArrayList<>();
            podSpec.path("volumes").forEach(v -> {
                if (v.has("secret")) {
                    secrets.add(v.path("secret").path("secretName").asText());
                }
            });
            assertEquals(List.of(s.name() + "-jwt"), secrets, s.name() + " mounts exactly its own signing key Secret");
            JsonNode jwt =
                    volumes.getOrDefault("jwt", MissingNode.getInstance()).path("secret");
            List<String> items = new ArrayList<>();
            jwt.path("items")
                    .forEach(i -> items.add(
                            i.path("key").asText() + "->" + i.path("path").asText()));
            assertEquals(List.of("private.pem->private.pem"), items, s.name() + " jwt Secret items");
            assertEquals(
                    "platform-jwt-public",
                    volumes.getOrDefault("jwt-public", MissingNode.getInstance())
                            .path("configMap")
                            .path("name")
                            .asText(),
                    s.name() + " mounts the ConfigMap of public keys");
            Map<String, String> mounts = new LinkedHashMap<>();
            mainContainer(deployments.get(s.name()), s.name())
                    .path("volumeMounts")
                    .forEach(m -> {
                        mounts.put(m.path("name").asText(), m.path("mountPath").asText());
                        if (m.path("name").asText().startsWith("jwt")) {
                            assertTrue(
                                    m.path("readOnly").asBoolean(),
                                    s.name() + " mounts " + m.path("name").asText() + " read-only");
                        }
                    });
            assertEquals("/etc/course-platform/jwt", mounts.get("jwt"), s.name() + " jwt mount");
            assertEquals("/etc/course-platform/jwt-public", mounts.get("jwt-public"), s.name() + " jwt-public mount");
        }
    }

    // ---------------------------------------------------------------- Overlay (Strimzi + CNPG)

    @Test
    void overlayDeclaresTheFourEventTopicsAndTheDeadLetterTopics() {
        List<JsonNode> topics = ofKind(overlayResources, "KafkaTopic");
        Set<String> names =
                topics.stream().map(DeploymentManifestsTest::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = new TreeSet<>(EVENT_TOPICS);
        // Every consumer with failure-strategy=dead-letter-queue writes its own dead-letter topic
        // (webhook-dispatcher: one per topic it reads; members-service: one per topic it reads; scorm-service: one).
        kafkaUsage().values().forEach(u -> expected.addAll(u.deadLetterTopics()));
        assertTrue(
                expected.containsAll(
                        EVENT_TOPICS.stream().map(t -> "dead-letter-topic-" + t).toList()),
                "webhook-dispatcher dead-letters each of the four topics: " + expected);
        assertEquals(expected, names, "KafkaTopics of the strimzi-cnpg overlay");
        assertEquals(expected.size(), topics.size(), "a KafkaTopic is declared twice");

        Set<String> kafkaClusters = ofKind(overlayResources, "Kafka").stream()
                .map(DeploymentManifestsTest::name)
                .collect(Collectors.toSet());
        assertEquals(1, kafkaClusters.size(), "the overlay declares one Kafka cluster");
        for (JsonNode t : topics) {
            String n = name(t);
            assertTrue(
                    kafkaClusters.contains(t.path("metadata")
                            .path("labels")
                            .path("strimzi.io/cluster")
                            .asText()),
                    n + " must carry the strimzi.io/cluster label of the overlay's Kafka");
            assertEquals(6, t.path("spec").path("partitions").asInt(), n + " partitions");
            assertEquals(3, t.path("spec").path("replicas").asInt(), n + " replicas");
            assertEquals(
                    2, t.path("spec").path("config").path("min.insync.replicas").asInt(), n + " min.insync.replicas");
        }
    }

    @Test
    void overlayDatabaseHasOneManagedRoleAndSchemaPerService() {
        List<JsonNode> clusters = ofKind(overlayResources, "Cluster");
        assertEquals(1, clusters.size(), "the overlay declares one CloudNativePG Cluster");
        JsonNode spec = clusters.get(0).path("spec");
        Map<String, String> rolesToSecrets = new TreeMap<>();
        spec.path("managed")
                .path("roles")
                .forEach(r -> rolesToSecrets.put(
                        r.path("name").asText(),
                        r.path("passwordSecret").path("name").asText()));
        List<String> sql = new ArrayList<>();
        spec.path("bootstrap").path("initdb").path("postInitApplicationSQL").forEach(s -> sql.add(s.asText()));
        for (ServiceRow s : services) {
            assertEquals(s.role() + "-db", rolesToSecrets.get(s.role()), "managed role " + s.role());
            assertTrue(
                    sql.contains("CREATE SCHEMA IF NOT EXISTS " + s.role() + " AUTHORIZATION " + s.role()),
                    "postInitApplicationSQL creates no schema " + s.role());
        }
        // Keycloak (keycloak.yaml) has a role and schema of its own too.
        assertEquals("keycloak-db", rolesToSecrets.get("keycloak"), "managed role keycloak");
        assertTrue(
                sql.contains("CREATE SCHEMA IF NOT EXISTS keycloak AUTHORIZATION keycloak"),
                "postInitApplicationSQL creates no schema keycloak");
        assertEquals(services.size() + 1, rolesToSecrets.size(), "managed roles: " + rolesToSecrets.keySet());
    }

    @Test
    void overlayRunsKeycloakOnTheOverlayDatabaseWithTheRealmOfDeployKeycloak() throws IOException {
        List<JsonNode> keycloaks = ofKind(overlayResources, "Keycloak");
        assertEquals(1, keycloaks.size(), "the overlay declares one Keycloak");
        JsonNode db = keycloaks.get(0).path("spec").path("db");
        assertEquals(
                name(ofKind(overlayResources, "Cluster").get(0)) + "-rw",
                db.path("host").asText(),
                "Keycloak's database host");
        assertEquals("keycloak", db.path("schema").asText(), "Keycloak's schema");
        assertEquals("keycloak-db", db.path("passwordSecret").path("name").asText(), "Keycloak's database Secret");

        List<JsonNode> imports = ofKind(overlayResources, "KeycloakRealmImport");
        assertEquals(1, imports.size(), "the overlay imports one realm");
        assertEquals(
                name(keycloaks.get(0)),
                imports.get(0).path("spec").path("keycloakCRName").asText());
        JsonNode realm = new ObjectMapper()
                .readTree(repoRoot.resolve("deploy/keycloak/course-platform-realm.json")
                        .toFile());
        assertEquals(
                realm,
                imports.get(0).path("spec").path("realm"),
                "keycloak-realm-import.yaml is deploy/keycloak/course-platform-realm.json (run deploy/keycloak/render-realm-import.sh)");
        Set<String> placeholders = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)}").matcher(realm.toString());
        while (m.find()) {
            placeholders.add(m.group(1));
        }
        Set<String> given = new TreeSet<>();
        imports.get(0).path("spec").path("placeholders").fieldNames().forEachRemaining(given::add);
        assertEquals(placeholders, given, "every placeholder of the realm file has a value in the KeycloakRealmImport");
    }

    @Test
    void overlayNeverAppliesTheExampleSecrets() {
        JsonNode kustomization =
                readAll(overlayDir.resolve("kustomization.yaml")).get(0);
        kustomization
                .path("resources")
                .forEach(r -> assertFalse(
                        r.asText().contains("secrets.example"), "secrets.example.yaml must not be a resource"));
        assertTrue(ofKind(overlayResources, "Secret").isEmpty(), "the overlay must not ship Secrets");
        assertTrue(ofKind(baseResources, "Secret").isEmpty(), "the base must not ship Secrets");
    }

    // ---------------------------------------------------------------- Ingress TLS

    @Test
    void ingressServesTheHostOfThePublicBaseUrlOverTlsAndRedirectsHttp() {
        JsonNode ingress = theIngress();
        JsonNode annotations = ingress.path("metadata").path("annotations");
        assertEquals(
                "true",
                annotations.path("nginx.ingress.kubernetes.io/ssl-redirect").asText(),
                "ssl-redirect annotation");
        assertEquals(
                "true",
                annotations
                        .path("nginx.ingress.kubernetes.io/force-ssl-redirect")
                        .asText(),
                "force-ssl-redirect annotation (also behind a load balancer that terminates TLS)");
        Set<String> ruleHosts = new TreeSet<>();
        for (JsonNode rule : ingress.path("spec").path("rules")) {
            String host = rule.path("host").asText("");
            assertFalse(host.isBlank(), "every Ingress rule names its host (ingress-nginx serves TLS per host)");
            ruleHosts.add(host);
        }
        JsonNode tls = ingress.path("spec").path("tls");
        assertTrue(tls.isArray() && !tls.isEmpty(), "the Ingress has a tls section");
        Set<String> tlsHosts = new TreeSet<>();
        for (JsonNode entry : tls) {
            assertFalse(entry.path("secretName").asText("").isBlank(), "every tls entry names its certificate Secret");
            entry.path("hosts").forEach(h -> tlsHosts.add(h.asText()));
        }
        assertEquals(ruleHosts, tlsHosts, "every host of the Ingress is served over TLS");
        for (Path env : List.of(baseDir.resolve("platform-config.env"), overlayDir.resolve("platform-config.env"))) {
            String url = envFile(env).get("PLATFORM_PUBLIC_BASE_URL");
            assertNotNull(url, "PLATFORM_PUBLIC_BASE_URL in " + repoRoot.relativize(env));
            URI uri = URI.create(url);
            assertEquals("https", uri.getScheme(), "PLATFORM_PUBLIC_BASE_URL is https in " + repoRoot.relativize(env));
            assertEquals(
                    apiRule().path("host").asText(),
                    uri.getHost(),
                    "the Ingress's API host is the host of PLATFORM_PUBLIC_BASE_URL in " + repoRoot.relativize(env));
        }
    }

    // ---------------------------------------------------------------- Kafka: authentication and ACLs

    @Test
    void kafkaHasOnlyAuthenticatedTlsListenersAndAclAuthorization() {
        JsonNode kafka = theKafka();
        JsonNode spec = kafka.path("spec").path("kafka");
        assertFalse(spec.path("listeners").isEmpty(), "the Kafka has listeners");
        for (JsonNode listener : spec.path("listeners")) {
            String n = listener.path("name").asText();
            assertTrue(listener.path("tls").asBoolean(false), "listener " + n + " must use TLS (tls: true)");
            assertTrue(
                    Set.of("scram-sha-512", "tls")
                            .contains(
                                    listener.path("authentication").path("type").asText()),
                    "listener " + n + " must authenticate its clients (scram-sha-512 or tls)");
        }
        assertEquals(
                "simple",
                spec.path("authorization").path("type").asText(),
                "Kafka authorization must be simple (ACLs)");
        assertTrue(spec.path("authorization").path("superUsers").isEmpty(), "no super users besides Strimzi's own");
        assertEquals(
                "false",
                spec.path("config").path("auto.create.topics.enable").asText(),
                "topics are never auto-created");
        assertFalse(
                kafka.path("spec").path("entityOperator").path("userOperator").isMissingNode(),
                "the User Operator must run: it creates the KafkaUsers' credentials and ACLs");
    }

    @Test
    void onlyTheServicePodsMayConnectToTheKafkaListener() {
        Set<String> expected = serviceNames();
        for (JsonNode listener : theKafka().path("spec").path("kafka").path("listeners")) {
            JsonNode peers = listener.path("networkPolicyPeers");
            assertFalse(
                    peers.isEmpty(),
                    "listener " + listener.path("name").asText() + " must list its networkPolicyPeers");
            Set<String> admitted = new TreeSet<>();
            for (JsonNode peer : peers) {
                assertTrue(
                        peer.path("namespaceSelector").isMissingNode()
                                && peer.path("ipBlock").isMissingNode(),
                        "Kafka peers are pods of the platform's namespace: " + peer);
                for (Pod pod : basePods()) {
                    if (selects(peer.path("podSelector"), pod.labels())) {
                        admitted.add(pod.name());
                    }
                }
            }
            assertEquals(
                    expected,
                    admitted,
                    "pods admitted to Kafka listener " + listener.path("name").asText());
        }
    }

    @Test
    void everyServiceHasItsOwnScramKafkaUser() {
        Map<String, JsonNode> users = byName(ofKind(overlayResources, "KafkaUser"));
        assertEquals(serviceNames(), users.keySet(), "one KafkaUser per service, named after it");
        String cluster = name(theKafka());
        for (JsonNode user : users.values()) {
            String n = name(user);
            assertEquals(
                    cluster,
                    user.path("metadata")
                            .path("labels")
                            .path("strimzi.io/cluster")
                            .asText(),
                    n + " strimzi.io/cluster");
            assertEquals(
                    "scram-sha-512",
                    user.path("spec").path("authentication").path("type").asText(),
                    n + " authentication");
            assertEquals(
                    "simple",
                    user.path("spec").path("authorization").path("type").asText(),
                    n + " authorization");
            assertTrue(
                    user.path("spec").path("userName").isMissingNode(),
                    n + ": the Kafka user name is the KafkaUser's name");
            for (JsonNode acl : user.path("spec").path("authorization").path("acls")) {
                JsonNode resource = acl.path("resource");
                assertEquals("allow", acl.path("type").asText("allow"), n + ": only allow rules " + acl);
                assertEquals("*", acl.path("host").asText("*"), n + ": host " + acl);
                assertEquals("literal", resource.path("patternType").asText("literal"), n + ": no prefix ACLs " + acl);
                assertFalse(resource.path("name").asText().contains("*"), n + ": no wildcard ACLs " + acl);
                Set<String> allowed = switch (resource.path("type").asText()) {
                    case "topic" -> Set.of("Read", "Write", "Describe");
                    case "group" -> Set.of("Read", "Describe");
                    default -> Set.of();
                };
                acl.path("operations")
                        .forEach(op -> assertTrue(
                                allowed.contains(op.asText()),
                                n + ": operation " + op.asText() + " on "
                                        + resource.path("type").asText() + " is never needed"));
            }
        }
    }

    @Test
    void kafkaAclsGrantEachServiceExactlyWhatItsCodeDoes() {
        Map<String, JsonNode> users = byName(ofKind(overlayResources, "KafkaUser"));
        Map<String, KafkaUsage> usage = kafkaUsage();
        // What the brief of the review expects from the code, as a sanity check of the derivation.
        assertEquals(Set.of("member-events"), usage.get("members-service").publishes());
        assertEquals(
                Set.of("course-events", "member-events"),
                usage.get("members-service").reads());
        assertEquals(EVENT_TOPICS, usage.get("webhook-dispatcher").reads());
        for (ServiceRow s : services) {
            KafkaUsage u = usage.get(s.name());
            Set<String> expected = new TreeSet<>();
            u.writes().forEach(t -> expected.add("topic:" + t + ":Write"));
            u.reads().forEach(t -> expected.add("topic:" + t + ":Read"));
            u.groups().forEach(g -> expected.add("group:" + g + ":Read"));
            // No cluster ACLs: the idempotent producers (outbox relay, SmallRye's dead-letter producer)
            // get their producer id with Write on a topic (KIP-679); KafkaAclsTest (dev-stack) proves it.
            assertEquals(
                    expected,
                    acls(users.get(s.name())),
                    s.name() + ": ACLs (Describe is implied by Read and Write and not compared)");
        }
    }

    @Test
    void everyTopicHasExactlyOneWriterTheOneItsAnnotationNames() {
        Map<String, Set<String>> writers = new TreeMap<>();
        for (JsonNode user : ofKind(overlayResources, "KafkaUser")) {
            for (String acl : acls(user)) {
                String[] parts = acl.split(":");
                if ("topic".equals(parts[0]) && "Write".equals(parts[2])) {
                    writers.computeIfAbsent(parts[1], k -> new TreeSet<>()).add(name(user));
                }
            }
        }
        Set<String> topics = ofKind(overlayResources, "KafkaTopic").stream()
                .map(DeploymentManifestsTest::name)
                .collect(Collectors.toCollection(TreeSet::new));
        for (JsonNode topic : ofKind(overlayResources, "KafkaTopic")) {
            String writer = topic.path("metadata")
                    .path("annotations")
                    .path("course-platform/writer")
                    .asText("");
            assertEquals(
                    Set.of(writer),
                    writers.getOrDefault(name(topic), Set.of()),
                    "writers of topic " + name(topic) + " (annotation course-platform/writer)");
        }
        Set<String> granted = new TreeSet<>();
        ofKind(overlayResources, "KafkaUser")
                .forEach(u -> acls(u).stream()
                        .filter(a -> a.startsWith("topic:"))
                        .forEach(a -> granted.add(a.split(":")[1])));
        granted.removeAll(topics);
        assertTrue(granted.isEmpty(), "ACLs name topics the overlay does not declare: " + granted);
        Map<String, KafkaUsage> usage = kafkaUsage();
        for (String topic : EVENT_TOPICS) {
            Set<String> publishers = usage.entrySet().stream()
                    .filter(e -> e.getValue().publishes().contains(topic))
                    .map(Map.Entry::getKey)
                    .collect(Collectors.toSet());
            assertEquals(
                    1, publishers.size(), "exactly one service publishes " + topic + " in the code: " + publishers);
        }
    }

    @Test
    void everyServiceConnectsToKafkaOverSaslSslWithItsOwnCredentials() {
        Map<String, String> env = new LinkedHashMap<>(envFile(baseDir.resolve("platform-config.env")));
        env.putAll(envFile(overlayDir.resolve("platform-config.env")));
        JsonNode kafka = theKafka();
        JsonNode listener = null;
        for (JsonNode l : kafka.path("spec").path("kafka").path("listeners")) {
            if (env.getOrDefault("KAFKA_BOOTSTRAP_SERVERS", "")
                    .endsWith(":" + l.path("port").asInt())) {
                listener = l;
            }
        }
        assertNotNull(listener, "KAFKA_BOOTSTRAP_SERVERS names the port of a Kafka listener");
        assertEquals(
                name(kafka) + "-kafka-bootstrap:" + listener.path("port").asInt(), env.get("KAFKA_BOOTSTRAP_SERVERS"));
        assertEquals(
                "scram-sha-512",
                listener.path("authentication").path("type").asText(),
                "the services' listener uses SCRAM");
        assertEquals("SASL_SSL", env.get("KAFKA_SECURITY_PROTOCOL"), "KAFKA_SECURITY_PROTOCOL");
        assertEquals("SCRAM-SHA-512", env.get("KAFKA_SASL_MECHANISM"), "KAFKA_SASL_MECHANISM");
        assertEquals(
                "PEM", env.get("KAFKA_SSL_TRUSTSTORE_TYPE"), "KAFKA_SSL_TRUSTSTORE_TYPE (the cluster CA's ca.crt)");
        Path truststore = Path.of(env.getOrDefault("KAFKA_SSL_TRUSTSTORE_LOCATION", ""));
        assertTrue(truststore.isAbsolute(), "KAFKA_SSL_TRUSTSTORE_LOCATION is an absolute path: " + truststore);

        Map<String, JsonNode> patches = byName(ofKind(overlayPatches(), "Deployment"));
        Map<String, JsonNode> deployments = byName(ofKind(baseResources, "Deployment"));
        for (ServiceRow s : services) {
            // Every container gets platform-config (and so the settings above) from the base.
            JsonNode base = mainContainer(deployments.get(s.name()), s.name());
            assertTrue(
                    base.path("envFrom").findValuesAsText("name").contains("platform-config"),
                    s.name() + " reads platform-config");

            JsonNode patch = patches.get(s.name());
            assertNotNull(patch, s.name() + ": no Deployment patch in the overlay with its Kafka credentials");
            JsonNode container = mainContainer(patch, s.name());
            JsonNode jaas = null;
            for (JsonNode e : container.path("env")) {
                if ("KAFKA_SASL_JAAS_CONFIG".equals(e.path("name").asText())) {
                    jaas = e.path("valueFrom").path("secretKeyRef");
                }
            }
            assertNotNull(jaas, s.name() + " sets KAFKA_SASL_JAAS_CONFIG");
            assertEquals(s.name(), jaas.path("name").asText(), s.name() + ": the Secret of its own KafkaUser");
            assertEquals(
                    "sasl.jaas.config", jaas.path("key").asText(), s.name() + ": JAAS key of the KafkaUser Secret");

            String volume = null;
            for (JsonNode m : container.path("volumeMounts")) {
                if (truststore.getParent().toString().equals(m.path("mountPath").asText())) {
                    volume = m.path("name").asText();
                }
            }
            assertNotNull(volume, s.name() + " mounts the cluster CA at " + truststore.getParent());
            boolean caMounted = false;
            for (JsonNode v : patch.path("spec").path("template").path("spec").path("volumes")) {
                if (volume.equals(v.path("name").asText())) {
                    assertEquals(
                            name(kafka) + "-cluster-ca-cert",
                            v.path("secret").path("secretName").asText(),
                            s.name() + " CA Secret");
                    for (JsonNode item : v.path("secret").path("items")) {
                        caMounted |= "ca.crt".equals(item.path("key").asText())
                                && truststore
                                        .getFileName()
                                        .toString()
                                        .equals(item.path("path").asText());
                    }
                }
            }
            assertTrue(caMounted, s.name() + ": ca.crt of the cluster CA Secret at " + truststore);
        }
    }

    // ---------------------------------------------------------------- NetworkPolicies

    @Test
    void everyPlatformPodIsDeniedByDefaultAndNoPolicySelectsTheWholeNamespace() {
        List<JsonNode> policies = ofKind(baseResources, "NetworkPolicy");
        for (JsonNode policy : policies) {
            JsonNode selector = policy.path("spec").path("podSelector");
            assertFalse(
                    selector.isMissingNode() || selector.isEmpty(),
                    name(policy) + " selects every pod of the namespace (the operators' pods live there too)");
        }
        for (Pod pod : basePods()) {
            boolean denied = policies.stream()
                    .anyMatch(p -> selects(p.path("spec").path("podSelector"), pod.labels())
                            && policyTypes(p).containsAll(Set.of("Ingress", "Egress"))
                            && p.path("spec").path("ingress").isEmpty()
                            && p.path("spec").path("egress").isEmpty());
            assertTrue(
                    denied,
                    "no default-deny NetworkPolicy (Ingress and Egress, no rules) selects the pods of " + pod.name());
        }
    }

    @Test
    void servicesReachEachOtherExactlyAlongTheCallGraphOfTheCode() {
        Map<String, Set<String>> calls = callGraph();
        Set<String> allButMembers = new TreeSet<>(serviceNames());
        allButMembers.remove("members-service");
        assertEquals(
                allButMembers,
                calls.entrySet().stream()
                        .filter(e -> e.getValue().contains("members-service"))
                        .map(Map.Entry::getKey)
                        .collect(Collectors.toCollection(TreeSet::new)),
                "every other service verifies API keys at members-service");
        List<JsonNode> policies = ofKind(baseResources, "NetworkPolicy");
        for (Pod from : basePods()) {
            for (Pod to : basePods()) {
                if (from.equals(to)) {
                    continue;
                }
                boolean expected = calls.getOrDefault(from.name(), Set.of()).contains(to.name());
                boolean egress = allows(policies, "Egress", from, to, SERVICE_PORT, "TCP");
                boolean ingress = allows(policies, "Ingress", to, from, SERVICE_PORT, "TCP");
                assertEquals(
                        expected,
                        egress && ingress,
                        from.name() + " -> " + to.name() + ":8080 (egress " + egress + ", ingress " + ingress + ")");
            }
        }
    }

    @Test
    void theIngressControllerReachesEveryIngressBackend() {
        List<JsonNode> policies = ofKind(baseResources, "NetworkPolicy");
        Map<String, Pod> pods = basePods().stream().collect(Collectors.toMap(Pod::name, p -> p));
        Set<String> backends =
                ingressPaths().stream().map(IngressPath::service).collect(Collectors.toCollection(TreeSet::new));
        for (String backend : backends) {
            Pod pod = pods.get(backend);
            assertNotNull(pod, "no Deployment behind Ingress backend " + backend);
            boolean admitted = policies.stream()
                    .filter(p -> selects(p.path("spec").path("podSelector"), pod.labels()))
                    .flatMap(p -> stream(p.path("spec").path("ingress")))
                    .anyMatch(rule -> portsMatch(rule.path("ports"), SERVICE_PORT, "TCP")
                            && stream(rule.path("from"))
                                    .anyMatch(peer -> "ingress-nginx"
                                            .equals(peer.path("namespaceSelector")
                                                    .path("matchLabels")
                                                    .path("kubernetes.io/metadata.name")
                                                    .asText())));
            assertTrue(admitted, backend + " admits no traffic from the ingress-nginx namespace on 8080");
        }
    }

    @Test
    void onlyTenantUrlFetchersAndS3UsersLeaveTheClusterAndNeverToPrivateRanges() {
        List<JsonNode> policies = ofKind(baseResources, "NetworkPolicy");
        Set<String> internet = new TreeSet<>();
        Set<String> anyPublic = new TreeSet<>();
        for (Pod pod : basePods()) {
            for (JsonNode policy : policies) {
                if (!selects(policy.path("spec").path("podSelector"), pod.labels())) {
                    continue;
                }
                for (JsonNode rule : policy.path("spec").path("egress")) {
                    for (JsonNode peer : rule.path("to")) {
                        JsonNode block = peer.path("ipBlock");
                        if (block.isMissingNode()) {
                            continue;
                        }
                        assertPublicOnly(name(policy), block);
                        anyPublic.add(pod.name());
                        boolean only443 = !rule.path("ports").isEmpty()
                                && stream(rule.path("ports"))
                                        .allMatch(p -> p.path("port").asInt() == 443
                                                && p.path("endPort").isMissingNode());
                        if (!only443) {
                            internet.add(pod.name());
                        }
                    }
                }
            }
        }
        Set<String> fetchers = new TreeSet<>();
        Set<String> s3 = new TreeSet<>();
        for (ServiceRow s : services) {
            // Services that fetch tenant-supplied URLs vet addresses with platform-web's PublicAddresses.
            if (javaSources(s.name()).stream()
                    .anyMatch(src -> src.contains("import org.courseplatform.platform.web.net.PublicAddresses;"))) {
                fetchers.add(s.name());
            }
            if (applicationProperties(s.name()).keySet().stream().anyMatch(k -> k.startsWith("quarkus.s3."))) {
                s3.add(s.name());
            }
        }
        assertEquals(
                Set.of("course-service", "webhook-dispatcher"), fetchers, "services that fetch tenant URLs (code)");
        assertEquals(fetchers, internet, "pods with egress to the public internet beyond https");
        Set<String> expectedPublic = new TreeSet<>(fetchers);
        expectedPublic.addAll(s3);
        assertEquals(expectedPublic, anyPublic, "pods with any egress to public addresses (tenant URLs, S3)");
    }

    @Test
    void everyServiceReachesDnsPostgresAndKafkaAndTheOverlayNarrowsThemToItsOperatorsPods() {
        List<JsonNode> base = ofKind(baseResources, "NetworkPolicy");
        Pod dns = new Pod("kube-dns", Map.of("k8s-app", "kube-dns"));
        for (Pod pod : basePods()) {
            boolean service = serviceNames().contains(pod.name());
            boolean reachesDns = base.stream()
                    .filter(p -> selects(p.path("spec").path("podSelector"), pod.labels()))
                    .flatMap(p -> stream(p.path("spec").path("egress")))
                    .anyMatch(rule -> portsMatch(rule.path("ports"), 53, "UDP")
                            && stream(rule.path("to"))
                                    .anyMatch(peer -> "kube-system"
                                                    .equals(peer.path("namespaceSelector")
                                                            .path("matchLabels")
                                                            .path("kubernetes.io/metadata.name")
                                                            .asText())
                                            && selects(peer.path("podSelector"), dns.labels())));
            assertEquals(service, reachesDns, pod.name() + " DNS egress");
            if (!service) {
                assertTrue(
                        base.stream()
                                .filter(p -> selects(p.path("spec").path("podSelector"), pod.labels()))
                                .allMatch(p -> p.path("spec").path("egress").isEmpty()),
                        pod.name() + " needs no egress at all");
            }
        }

        // The overlay: PostgreSQL only on the CloudNativePG instances, Kafka only on the Strimzi
        // pods and only on the services' listener, not on the replication port.
        List<JsonNode> overlay = overlayNetworkPolicies();
        String cnpg = name(ofKind(overlayResources, "Cluster").get(0));
        String kafka = name(theKafka());
        int kafkaPort = theKafka()
                .path("spec")
                .path("kafka")
                .path("listeners")
                .get(0)
                .path("port")
                .asInt();
        Pod postgres = new Pod(cnpg + "-1", Map.of("cnpg.io/cluster", cnpg, "cnpg.io/podRole", "instance"));
        Pod broker = new Pod(
                kafka + "-dual-role-0",
                Map.of(
                        "strimzi.io/cluster",
                        kafka,
                        "strimzi.io/kind",
                        "Kafka",
                        "strimzi.io/name",
                        kafka + "-kafka",
                        "strimzi.io/broker-role",
                        "true"));
        Pod stranger = new Pod("some-other-pod", Map.of("app", "other"));
        for (String svc : serviceNames()) {
            Pod pod = basePods().stream()
                    .filter(p -> p.name().equals(svc))
                    .findFirst()
                    .orElseThrow();
            assertTrue(allows(overlay, "Egress", pod, postgres, 5432, "TCP"), svc + " -> PostgreSQL");
            assertTrue(allows(overlay, "Egress", pod, broker, kafkaPort, "TCP"), svc + " -> Kafka " + kafkaPort);
            assertFalse(
                    allows(overlay, "Egress", pod, broker, 9091, "TCP"),
                    svc + " must not reach Kafka's replication port");
            assertFalse(allows(overlay, "Egress", pod, stranger, 5432, "TCP"), svc + " -> any other pod on 5432");
            assertFalse(
                    allows(overlay, "Egress", pod, stranger, kafkaPort, "TCP"),
                    svc + " -> any other pod on " + kafkaPort);
        }
    }

    // ---------------------------------------------------------------- helpers: code facts

    /** What a service does with Kafka, read from its code and application.properties. */
    record KafkaUsage(
            Set<String> publishes,
            Set<String> writes,
            Set<String> reads,
            Set<String> groups,
            Set<String> deadLetterTopics) {}

    /**
     * Per service: the topics it publishes through the outbox (the topic of each event catalogue
     * entry its main code writes, {@code Events.*} used as a value, and any {@code Topics.*} it
     * names) or an outgoing channel; the topics and groups of its incoming channels; the dead-letter
     * topic of each channel with {@code failure-strategy=dead-letter-queue} (SmallRye's default
     * name is {@code dead-letter-topic-<channel>}).
     */
    private static Map<String, KafkaUsage> kafkaUsage() {
        Map<String, String> constants = new TreeMap<>();
        Matcher constant = Pattern.compile("public static final String (\\w+) = \"([^\"]+)\";")
                .matcher(read(repoRoot.resolve(
                        "platform/platform-events/src/main/java/org/courseplatform/platform/events/Topics.java")));
        while (constant.find()) {
            constants.put(constant.group(1), constant.group(2));
        }
        assertEquals(EVENT_TOPICS, new TreeSet<>(constants.values()), "Topics.java");
        Map<String, String> catalogue = new TreeMap<>();
        Matcher entry = Pattern.compile("EventType<\\w+> (\\w+)\\s*=\\s*\\w+\\(\"[^\"]+\",\\s*Topics\\.(\\w+)")
                .matcher(read(repoRoot.resolve(
                        "platform/platform-events/src/main/java/org/courseplatform/platform/events/Events.java")));
        while (entry.find()) {
            assertTrue(constants.containsKey(entry.group(2)), "unknown Topics." + entry.group(2));
            catalogue.put(entry.group(1), constants.get(entry.group(2)));
        }
        assertFalse(catalogue.isEmpty(), "Events.java: no catalogue entries found");
        Map<String, KafkaUsage> usage = new TreeMap<>();
        for (ServiceRow s : services) {
            Map<String, String> props = applicationProperties(s.name());
            Set<String> publishes = new TreeSet<>();
            for (String src : javaSources(s.name())) {
                Matcher m = Pattern.compile("\\bTopics\\.(\\w+)").matcher(src);
                while (m.find()) {
                    assertTrue(constants.containsKey(m.group(1)), "unknown Topics." + m.group(1));
                    publishes.add(constants.get(m.group(1)));
                }
                // An entry written (passed as a value), not one a consumer only recognises (Events.X.is(event)).
                Matcher written = Pattern.compile("\\bEvents\\.([A-Z][A-Z0-9_]*)\\b(?!\\s*\\.)")
                        .matcher(src);
                while (written.find()) {
                    assertTrue(catalogue.containsKey(written.group(1)), "unknown Events." + written.group(1));
                    publishes.add(catalogue.get(written.group(1)));
                }
            }
            Set<String> reads = new TreeSet<>();
            Set<String> groups = new TreeSet<>();
            Set<String> deadLetters = new TreeSet<>();
            String connector = "mp.messaging.connector.smallrye-kafka.";
            for (String key : props.keySet()) {
                Matcher m = Pattern.compile("^mp\\.messaging\\.(incoming|outgoing)\\.([^.]+)\\.connector$")
                        .matcher(key);
                if (!m.matches() || !"smallrye-kafka".equals(props.get(key))) {
                    continue;
                }
                String channel = "mp.messaging." + m.group(1) + "." + m.group(2) + ".";
                String topic = props.getOrDefault(channel + "topic", m.group(2));
                if ("outgoing".equals(m.group(1))) {
                    publishes.add(topic);
                    continue;
                }
                reads.add(topic);
                groups.add(first(
                        props,
                        channel + "group.id",
                        connector + "group.id",
                        "kafka.group.id",
                        "quarkus.application.name"));
                if ("dead-letter-queue"
                        .equals(first(props, channel + "failure-strategy", connector + "failure-strategy"))) {
                    String dlq =
                            first(props, channel + "dead-letter-queue.topic", connector + "dead-letter-queue.topic");
                    deadLetters.add(dlq != null ? dlq : "dead-letter-topic-" + m.group(2));
                }
            }
            Set<String> writes = new TreeSet<>(publishes);
            writes.addAll(deadLetters);
            usage.put(s.name(), new KafkaUsage(publishes, writes, reads, groups, deadLetters));
        }
        return usage;
    }

    /**
     * Who calls whom on 8080: {@code ${platform.services.<name>.url}} in a service's
     * application.properties or code, and members-service (the host of PLATFORM_AUTH_MEMBERS_URL)
     * for every service that uses platform-auth's remote API-key verification.
     */
    private static Map<String, Set<String>> callGraph() {
        String keyVerifier = URI.create(
                        envFile(baseDir.resolve("platform-config.env")).get("PLATFORM_AUTH_MEMBERS_URL"))
                .getHost();
        assertTrue(
                read(repoRoot.resolve(
                                "platform/platform-auth/src/main/resources/META-INF/microprofile-config.properties"))
                        .contains("quarkus.rest-client.members-auth.url=${platform.auth.members-url"),
                "platform-auth calls platform.auth.members-url");
        Pattern serviceUrl = Pattern.compile("platform\\.services\\.([a-z0-9-]+)\\.url");
        Map<String, Set<String>> graph = new TreeMap<>();
        for (ServiceRow s : services) {
            Set<String> callees = new TreeSet<>();
            List<String> texts = new ArrayList<>(applicationProperties(s.name()).values());
            texts.addAll(javaSources(s.name()));
            for (String text : texts) {
                Matcher m = serviceUrl.matcher(text);
                while (m.find()) {
                    callees.add(m.group(1));
                }
            }
            if (read(repoRoot.resolve(s.name() + "/pom.xml")).contains("<artifactId>platform-auth</artifactId>")) {
                callees.add(keyVerifier);
            }
            callees.remove(s.name());
            assertTrue(serviceNames().containsAll(callees), s.name() + " calls unknown services " + callees);
            graph.put(s.name(), callees);
        }
        return graph;
    }

    private static String first(Map<String, String> props, String... keys) {
        for (String key : keys) {
            if (props.containsKey(key)) {
                return props.get(key);
            }
        }
        return null;
    }

    /** A service's application.properties without profile-specific (%test., %dev.) entries. */
    private static Map<String, String> applicationProperties(String service) {
        Map<String, String> props = new TreeMap<>();
        for (String line : read(repoRoot.resolve(service + "/src/main/resources/application.properties"))
                .split("\n")) {
            String l = line.strip();
            int eq = l.indexOf('=');
            if (l.isEmpty() || l.startsWith("#") || l.startsWith("%") || eq < 0) {
                continue;
            }
            props.put(l.substring(0, eq).strip(), l.substring(eq + 1).strip());
        }
        return props;
    }

    private static List<String> javaSources(String service) {
        try (Stream<Path> files = Files.walk(repoRoot.resolve(service + "/src/main/java"))) {
            return files.filter(f -> f.toString().endsWith(".java"))
                    .map(DeploymentManifestsTest::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> envFile(Path file) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : read(file).split("\n")) {
            String l = line.strip();
            int eq = l.indexOf('=');
            if (!l.isEmpty() && !l.startsWith("#") && eq > 0) {
                env.put(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        return env;
    }

    private static Set<String> serviceNames() {
        return services.stream().map(ServiceRow::name).collect(Collectors.toCollection(TreeSet::new));
    }

    // ---------------------------------------------------------------- helpers: Kafka manifests

    private static JsonNode theKafka() {
        List<JsonNode> kafkas = ofKind(overlayResources, "Kafka");
        assertEquals(1, kafkas.size(), "the overlay declares one Kafka");
        return kafkas.get(0);
    }

    /**
     * A KafkaUser's ACLs as {@code type:name:Operation}; Describe is dropped where Read or Write on
     * the same resource implies it, and the cluster resource is named {@code kafka-cluster}.
     */
    private static Set<String> acls(JsonNode user) {
        Set<String> acls = new TreeSet<>();
        for (JsonNode acl : user.path("spec").path("authorization").path("acls")) {
            JsonNode resource = acl.path("resource");
            String type = resource.path("type").asText();
            String name = "cluster".equals(type)
                    ? "kafka-cluster"
                    : resource.path("name").asText();
            acl.path("operations").forEach(op -> acls.add(type + ":" + name + ":" + op.asText()));
        }
        acls.removeIf(a -> a.endsWith(":Describe")
                && (acls.contains(a.replace(":Describe", ":Read")) || acls.contains(a.replace(":Describe", ":Write"))));
        return acls;
    }

    /** The documents of the overlay's patch files (kustomization patches with a path). */
    private static List<JsonNode> overlayPatches() {
        List<JsonNode> docs = new ArrayList<>();
        for (JsonNode entry :
                readAll(overlayDir.resolve("kustomization.yaml")).get(0).path("patches")) {
            assertTrue(entry.has("path"), "overlay patches are files (path): " + entry);
            docs.addAll(readAll(overlayDir.resolve(entry.path("path").asText())));
        }
        return docs;
    }

    /** The base's NetworkPolicies with the overlay's strategic-merge patches applied (spec fields replaced). */
    private static List<JsonNode> overlayNetworkPolicies() {
        Map<String, JsonNode> patches = byName(ofKind(overlayPatches(), "NetworkPolicy"));
        List<JsonNode> policies = new ArrayList<>();
        for (JsonNode policy : ofKind(baseResources, "NetworkPolicy")) {
            JsonNode patch = patches.remove(name(policy));
            if (patch != null) {
                ObjectNode merged = policy.deepCopy();
                // NetworkPolicySpec lists have no merge key: a patch replaces them whole.
                patch.path("spec")
                        .properties()
                        .forEach(e -> ((ObjectNode) merged.path("spec")).set(e.getKey(), e.getValue()));
                policy = merged;
            }
            policies.add(policy);
        }
        assertTrue(patches.isEmpty(), "overlay patches NetworkPolicies the base does not have: " + patches.keySet());
        return policies;
    }

    // ---------------------------------------------------------------- helpers: NetworkPolicy evaluation

    record Pod(String name, Map<String, String> labels) {}

    /** The pods of the base's Deployments (named after the Deployment) with their template labels. */
    private static List<Pod> basePods() {
        List<Pod> pods = new ArrayList<>();
        for (JsonNode d : ofKind(baseResources, "Deployment")) {
            Map<String, String> labels = new TreeMap<>();
            d.path("spec")
                    .path("template")
                    .path("metadata")
                    .path("labels")
                    .properties()
                    .forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
            pods.add(new Pod(name(d), labels));
        }
        return pods;
    }

    /**
     * Whether {@code subject} may receive from (Ingress) or send to (Egress) {@code peer}, a pod of
     * the same namespace, on the port: allowed when no policy of that type selects the subject,
     * else when a rule of one of them admits the peer and port (Kubernetes semantics). Peers with a
     * namespaceSelector that names a namespace are taken to be elsewhere; an ipBlock matches pods
     * unless it excepts the private ranges pod addresses come from.
     */
    private static boolean allows(
            List<JsonNode> policies, String type, Pod subject, Pod peer, int port, String protocol) {
        boolean isolated = false;
        for (JsonNode policy : policies) {
            if (!selects(policy.path("spec").path("podSelector"), subject.labels())
                    || !policyTypes(policy).contains(type)) {
                continue;
            }
            isolated = true;
            String rules = "Ingress".equals(type) ? "ingress" : "egress";
            String peers = "Ingress".equals(type) ? "from" : "to";
            for (JsonNode rule : policy.path("spec").path(rules)) {
                if (portsMatch(rule.path("ports"), port, protocol)
                        && (rule.path(peers).isEmpty()
                                || stream(rule.path(peers)).anyMatch(p -> peerMatches(p, peer)))) {
                    return true;
                }
            }
        }
        return !isolated;
    }

    private static boolean peerMatches(JsonNode peer, Pod pod) {
        JsonNode block = peer.path("ipBlock");
        if (!block.isMissingNode()) {
            Set<String> except = new TreeSet<>();
            block.path("except").forEach(e -> except.add(e.asText()));
            return !except.containsAll(Set.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"))
                    && !block.path("cidr").asText().contains(":");
        }
        JsonNode namespaces = peer.path("namespaceSelector");
        if (!namespaces.isMissingNode() && !namespaces.isEmpty()) {
            return false;
        }
        return selects(peer.path("podSelector"), pod.labels());
    }

    private static void assertPublicOnly(String policy, JsonNode block) {
        String cidr = block.path("cidr").asText();
        Set<String> except = new TreeSet<>();
        block.path("except").forEach(e -> except.add(e.asText()));
        Set<String> required = cidr.contains(":")
                ? Set.of("fc00::/7", "fe80::/10", "::1/128", "::ffff:0:0/96")
                : Set.of(
                        "10.0.0.0/8",
                        "172.16.0.0/12",
                        "192.168.0.0/16",
                        "100.64.0.0/10",
                        "127.0.0.0/8",
                        "169.254.0.0/16",
                        "0.0.0.0/8");
        assertTrue(Set.of("0.0.0.0/0", "::/0").contains(cidr), policy + ": ipBlock " + cidr);
        Set<String> missing = new TreeSet<>(required);
        missing.removeAll(except);
        assertTrue(
                missing.isEmpty(),
                policy + ": ipBlock " + cidr + " must except the private, loopback and link-local ranges " + missing);
    }

    private static Set<String> policyTypes(JsonNode policy) {
        Set<String> types = new TreeSet<>();
        JsonNode declared = policy.path("spec").path("policyTypes");
        if (declared.isArray() && !declared.isEmpty()) {
            declared.forEach(t -> types.add(t.asText()));
        } else {
            types.add("Ingress");
            if (!policy.path("spec").path("egress").isMissingNode()) {
                types.add("Egress");
            }
        }
        return types;
    }

    private static boolean portsMatch(JsonNode ports, int port, String protocol) {
        if (ports.isMissingNode() || ports.isEmpty()) {
            return true;
        }
        for (JsonNode p : ports) {
            if (!protocol.equals(p.path("protocol").asText("TCP"))) {
                continue;
            }
            JsonNode number = p.path("port");
            if (number.isMissingNode()
                    || (number.isInt()
                            && (number.asInt() == port
                                    || (p.has("endPort")
                                            && port >= number.asInt()
                                            && port <= p.path("endPort").asInt())))
                    || (number.isTextual() && "http".equals(number.asText()) && port == SERVICE_PORT)) {
                return true;
            }
        }
        return false;
    }

    /** Label selector semantics: matchLabels and matchExpressions (In, NotIn, Exists, DoesNotExist); empty selects all. */
    private static boolean selects(JsonNode selector, Map<String, String> labels) {
        if (selector.isMissingNode() || selector.isNull()) {
            return true;
        }
        for (Map.Entry<String, JsonNode> e : selector.path("matchLabels").properties()) {
            if (!e.getValue().asText().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (JsonNode expr : selector.path("matchExpressions")) {
            String value = labels.get(expr.path("key").asText());
            Set<String> values = new TreeSet<>();
            expr.path("values").forEach(v -> values.add(v.asText()));
            boolean ok = switch (expr.path("operator").asText()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> fail("unknown selector operator " + expr);
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items.stream();
    }

    // ---------------------------------------------------------------- helpers

    /** The service ingress-nginx picks for a request path on the API host: longest path first, first regex match wins. */
    private static String routeOf(String requestPath) {
        return routeOf(ingressPaths(), requestPath);
    }

    /** The same on a host of the SCORM content origin. */
    private static String contentRouteOf(String requestPath) {
        return routeOf(contentPaths(), requestPath);
    }

    private static String routeOf(List<IngressPath> paths, String requestPath) {
        return paths.stream()
                .sorted(Comparator.comparingInt((IngressPath p) -> p.path().length())
                        .reversed())
                .filter(p -> p.matches(requestPath))
                .map(IngressPath::service)
                .findFirst()
                .orElse(theIngress()
                        .path("spec")
                        .path("defaultBackend")
                        .path("service")
                        .path("name")
                        .asText("<controller default>"));
    }

    private static void assertProbe(String service, JsonNode container, String probe, String path) {
        JsonNode httpGet = container.path(probe).path("httpGet");
        assertEquals(path, httpGet.path("path").asText(null), service + " " + probe + " path");
        String port = httpGet.path("port").asText();
        assertTrue(
                "http".equals(port) || String.valueOf(SERVICE_PORT).equals(port),
                service + " " + probe + " must probe the http port (8080), not " + port);
    }

    private static JsonNode mainContainer(JsonNode deployment, String serviceName) {
        assertNotNull(deployment, "no Deployment for " + serviceName);
        JsonNode containers =
                deployment.path("spec").path("template").path("spec").path("containers");
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

    /** The paths of the API's rule (the rule without a host). */
    /** The Ingress rule of the API's host: the one whose host is not a wildcard. */
    private static JsonNode apiRule() {
        List<JsonNode> rules = new ArrayList<>();
        theIngress().path("spec").path("rules").forEach(rule -> {
            if (!rule.path("host").asText("").startsWith("*.")) {
                rules.add(rule);
            }
        });
        assertEquals(1, rules.size(), "the Ingress has one rule for the API's host (not a wildcard)");
        return rules.get(0);
    }

    private static List<IngressPath> ingressPaths() {
        List<IngressPath> paths = paths(apiRule());
        assertFalse(paths.isEmpty(), "the Ingress has no paths");
        return paths;
    }

    /** The rule of the SCORM content origin: the one rule with a host. */
    private static JsonNode contentRule() {
        List<JsonNode> rules = new ArrayList<>();
        theIngress().path("spec").path("rules").forEach(rule -> {
            if (rule.path("host").asText("").startsWith("*.")) {
                rules.add(rule);
            }
        });
        assertEquals(1, rules.size(), "the Ingress has one wildcard-host rule (the SCORM content origin)");
        return rules.get(0);
    }

    private static List<IngressPath> contentPaths() {
        return paths(contentRule());
    }

    private static List<IngressPath> paths(JsonNode rule) {
        List<IngressPath> paths = new ArrayList<>();
        for (JsonNode p : rule.path("http").path("paths")) {
            JsonNode svc = p.path("backend").path("service");
            paths.add(new IngressPath(
                    p.path("path").asText(),
                    p.path("pathType").asText(),
                    svc.path("name").asText(),
                    svc.path("port").path("number").asInt()));
        }
        return paths;
    }

    /** A variable of a kustomize env file, or null. */
    private static String envValue(Path file, String name) {
        for (String line : read(file).split("\n")) {
            if (line.startsWith(name + "=")) {
                return line.substring(name.length() + 1).strip();
            }
        }
        return null;
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
            assertTrue(Set.of("all", "local", "content").contains(cols[3]), "routes.tsv scope: " + cols[3]);
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
}
