package org.courseplatform.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A webhook subscriber on this machine, as a developer would run one: an HTTPS server whose
 * certificate is issued with openssl from the suite's local CA ({@code WEBHOOK_CA_CERT} and
 * {@code WEBHOOK_CA_KEY} of {@code ./suite env}). It records every request and answers 204.
 */
final class HttpsReceiver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request as the receiver saw it; header names are lower-cased. */
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

        /** What a subscriber does: HMAC-SHA256 over "timestamp.raw body", compared in constant time. */
        boolean signedWith(String secret) throws Exception {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] expected = ("sha256=" + HexFormat.of().formatHex(mac.doFinal(
                    (header("X-Service-Timestamp") + "." + body).getBytes(StandardCharsets.UTF_8)))).getBytes(StandardCharsets.UTF_8);
            return MessageDigest.isEqual(expected, header("X-Service-Signature").getBytes(StandardCharsets.UTF_8));
        }
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final HttpsServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8);

    HttpsReceiver() throws Exception {
        Path dir = Files.createTempDirectory("https-receiver");
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
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                Map<String, String> headers = new TreeMap<>();
                exchange.getRequestHeaders().forEach((n, v) -> headers.put(n.toLowerCase(Locale.ROOT), String.join(",", v)));
                received.add(new Received(exchange.getRequestURI().getPath(), headers, new String(body, StandardCharsets.UTF_8),
                        Instant.now()));
                exchange.sendResponseHeaders(204, -1);
            }
        });
        server.start();
    }

    /** The URL a subscriber registers for {@code path}. */
    String url(String path) {
        return "https://localhost:" + server.getAddress().getPort() + path;
    }

    /** The requests to {@code path} once {@code count} arrived (or the timeout passed), plus any that follow within 0.5 s. */
    List<Received> await(String path, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (to(path).size() >= count) {
                Thread.sleep(500);
                break;
            }
            Thread.sleep(200);
        }
        return to(path);
    }

    /** The requests to {@code path} so far. */
    List<Received> to(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private static void run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }
}
