package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhooks end to end through the ingress: an HTTPS receiver on this machine with a certificate
 * issued (with openssl, as the README shows) from the suite's local CA subscribes, then a member,
 * a test delivery and courses made with a live and a test key turn into signed deliveries that
 * are checked the way a receiver checks them.
 */
class WebhooksIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static HttpsServer server;

    record Received(String path, Map<String, String> headers, String body, Instant at) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @BeforeAll
    static void receiver() throws Exception {
        Path dir = Files.createTempDirectory("webhooks-it");
        Path key = dir.resolve("receiver.key");
        Path csr = dir.resolve("receiver.csr");
        Path cert = dir.resolve("receiver.pem");
        Path ext = dir.resolve("san.ext");
        Files.writeString(ext, "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        run("openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key.toString(),
                "-out", csr.toString(), "-subj", "/CN=localhost");
        run("openssl", "x509", "-req", "-in", csr.toString(), "-CA", Suite.env("WEBHOOK_CA_CERT"), "-CAkey",
                Suite.env("WEBHOOK_CA_KEY"), "-set_serial", "0x" + Long.toHexString(System.nanoTime()), "-days", "2",
                "-extfile", ext.toString(), "-out", cert.toString());

        String pem = Files.readString(key).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        var privateKey = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        List<Certificate> chain = new ArrayList<>();
        try (InputStream in = Files.newInputStream(cert)) {
            chain.addAll(CertificateFactory.getInstance("X.509").generateCertificates(in));
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("receiver", privateKey, "it".toCharArray(), chain.toArray(Certificate[]::new));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, "it".toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);

        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", exchange -> {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                Map<String, String> headers = new TreeMap<>();
                exchange.getRequestHeaders().forEach((n, v) -> headers.put(n.toLowerCase(Locale.ROOT), String.join(",", v)));
                RECEIVED.add(new Received(exchange.getRequestURI().getPath(), headers, new String(body, StandardCharsets.UTF_8),
                        Instant.now()));
                exchange.sendResponseHeaders(204, -1);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void membersTestsAndCoursesBecomeSignedDeliveries() throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];
        String test = Suite.key(ws, "test")[1];
        String url = "https://localhost:" + server.getAddress().getPort() + "/hooks/" + ws;
        JsonPath endpoint = Suite.ingress().header("Authorization", live).contentType(ContentType.JSON)
                .body("{\"url\":\"" + url + "\",\"events\":[\"course.created\",\"course.completed\"],\"description\":\"IT\"}")
                .post("/v1/headless/webhooks").then().statusCode(201).body("url", equalTo(url)).extract().jsonPath();
        long endpointId = endpoint.getLong("id");
        String secret = endpoint.getString("secret");
        String path = "/hooks/" + ws;

        // A member: member.created is internal, never delivered. A manual test delivery is.
        Suite.ingress().header("Authorization", live).contentType(ContentType.JSON)
                .body("{\"email\":\"hooked-" + System.nanoTime() + "@example.com\",\"active\":true}")
                .post("/api/v1/members").then().statusCode(200);
        String testDelivery = Suite.ingress().header("Authorization", live).contentType(ContentType.JSON)
                .body("{\"event\":\"course.completed\"}").post("/v1/headless/webhooks/" + endpointId + "/test")
                .then().statusCode(202).extract().jsonPath().getString("deliveryId");
        long liveCourse = Suite.ingress().header("Authorization", live).contentType(ContentType.JSON)
                .body("{\"title\":\"Hooked on golf\",\"identifier\":\"author-1\",\"clientIdentifier\":\"tenant-9\"}")
                .post("/v1/headless/courses").then().statusCode(201).extract().jsonPath().getLong("id");
        long testCourse = Suite.ingress().header("Authorization", test).contentType(ContentType.JSON)
                .body("{\"title\":\"Sandbox course\",\"identifier\":\"author-2\"}")
                .post("/v1/headless/courses").then().statusCode(201).extract().jsonPath().getLong("id");

        List<Received> got = awaitReceived(path, 3, Duration.ofSeconds(60));
        assertThat(got).hasSize(3);
        for (Received r : got) {
            assertThat(r.header("Content-Type")).startsWith("application/json");
            assertThat(signatureValid(secret, r)).as("signature of %s", r.header("X-Service-Delivery")).isTrue();
            assertThat(Math.abs(Instant.now().getEpochSecond() - Long.parseLong(r.header("X-Service-Timestamp")))).isLessThan(120);
            JsonNode body = r.json();
            assertThat(r.header("X-Service-Event")).isEqualTo(body.get("type").asText());
            assertThat(r.header("X-Service-Test-Mode")).isEqualTo(body.get("testMode").asText());
            assertThat(r.header("X-Service-Delivery")).matches("[0-9a-f-]{36}");
            assertThat(body.get("workspaceId").asLong()).isEqualTo(ws);
            assertThat(body.get("id").asText()).matches("[0-9a-f-]{36}");
            assertThat(Instant.parse(body.get("occurredAt").asText())).isBefore(Instant.now().plusSeconds(5));
        }
        Received manual = only(got, r -> r.header("X-Service-Delivery").equals(testDelivery));
        assertThat(manual.json().get("type").asText()).isEqualTo("course.completed");
        assertThat(manual.json().get("testMode").asBoolean()).isTrue();
        assertThat(manual.json().at("/data/test").asBoolean()).isTrue();
        Received liveCreated = only(got, r -> r.json().at("/data/course/id").asLong() == liveCourse && !r.json().at("/data/test").asBoolean());
        assertThat(liveCreated.header("X-Service-Event")).isEqualTo("course.created");
        assertThat(liveCreated.json().get("testMode").asBoolean()).isFalse();
        assertThat(liveCreated.json().at("/data/course/title").asText()).isEqualTo("Hooked on golf");
        assertThat(liveCreated.json().at("/data/course/clientIdentifier").asText()).isEqualTo("tenant-9");
        Received testCreated = only(got, r -> r.json().at("/data/course/id").asLong() == testCourse);
        assertThat(testCreated.header("X-Service-Test-Mode")).as("course.created takes the issuing key's mode").isEqualTo("true");
        assertThat(got).noneMatch(r -> r.json().get("type").asText().startsWith("member."));

        // The delivery log, then a replay: same delivery id and body.
        Suite.ingress().header("Authorization", live).get("/v1/headless/webhooks/" + endpointId + "/deliveries")
                .then().statusCode(200).header("X-Total-Count", "3").body("status", org.hamcrest.Matchers.everyItem(equalTo("succeeded")));
        String delivery = liveCreated.header("X-Service-Delivery");
        Suite.ingress().header("Authorization", live).post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then().statusCode(202).body("deliveryId", equalTo(delivery));
        List<Received> after = awaitReceived(path, 4, Duration.ofSeconds(30));
        Received replayed = after.get(3);
        assertThat(replayed.header("X-Service-Delivery")).isEqualTo(delivery);
        assertThat(replayed.body()).isEqualTo(liveCreated.body());
        assertThat(signatureValid(secret, replayed)).isTrue();

        // Another workspace sees none of it.
        String stranger = Suite.key(Suite.workspace("build"), "live")[1];
        Suite.ingress().header("Authorization", stranger).get("/v1/headless/webhooks/" + endpointId).then().statusCode(404);
        Suite.ingress().header("Authorization", stranger).post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then().statusCode(404);
    }

    private static Received only(List<Received> all, java.util.function.Predicate<Received> which) {
        List<Received> matching = all.stream().filter(which).toList();
        assertThat(matching).hasSize(1);
        return matching.get(0);
    }

    private static List<Received> awaitReceived(String path, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Received> got = RECEIVED.stream().filter(r -> r.path().equals(path)).toList();
            if (got.size() >= count) {
                Thread.sleep(500); // and nothing more than expected turns up
                return RECEIVED.stream().filter(r -> r.path().equals(path)).toList();
            }
            Thread.sleep(200);
        }
        return RECEIVED.stream().filter(r -> r.path().equals(path)).toList();
    }

    /** What a subscriber does: HMAC-SHA256 over "timestamp.raw body", compared in constant time. */
    private static boolean signatureValid(String secret, Received r) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] expected = ("sha256=" + HexFormat.of().formatHex(mac.doFinal(
                (r.header("X-Service-Timestamp") + "." + r.body()).getBytes(StandardCharsets.UTF_8)))).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(expected, r.header("X-Service-Signature").getBytes(StandardCharsets.UTF_8));
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }
}
