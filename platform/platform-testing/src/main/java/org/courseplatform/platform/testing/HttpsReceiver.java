package org.courseplatform.platform.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
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
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;

/**
 * A webhook subscriber for tests: a real HTTPS server on 127.0.0.1 that records every request as
 * it arrived (headers, raw body, SNI names, time) and answers what the test says (a status,
 * optionally after a delay, or a redirect; by default 200 with a small JSON body).
 *
 * <p>Its certificate comes from the test: {@link #start(SSLContext)} with any server context
 * (e.g. one issued by an in-test CA), or {@link #issuedBy(Path, Path)} with a certificate that
 * openssl issues from a CA on disk, as a developer does with the suite's local CA
 * ({@code WEBHOOK_CA_CERT} and {@code WEBHOOK_CA_KEY} of {@code ./suite env}).
 */
public final class HttpsReceiver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request as the receiver saw it; header names are lower-cased, the path keeps its query. */
    public record Request(String path, Map<String, String> headers, String body, List<String> sniNames, Instant at) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException("Not a JSON body: " + body, e);
            }
        }

        /** What a subscriber does: HMAC-SHA256 over "timestamp.raw body", compared in constant time. */
        public boolean signedWith(String secret) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
                byte[] expected = ("sha256="
                                + HexFormat.of()
                                        .formatHex(mac.doFinal((header("X-Service-Timestamp") + "." + body)
                                                .getBytes(StandardCharsets.UTF_8))))
                        .getBytes(StandardCharsets.UTF_8);
                String signature = header("X-Service-Signature");
                return signature != null && MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.UTF_8));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** What to answer: a status, a delay before answering, and an optional Location. */
    public record Answer(int status, Duration delay, String location) {

        public static Answer status(int status) {
            return new Answer(status, Duration.ZERO, null);
        }

        public static Answer slow(int status, Duration delay) {
            return new Answer(status, delay, null);
        }

        public static Answer redirect(String location) {
            return new Answer(302, Duration.ZERO, location);
        }
    }

    private final HttpsServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile Function<Request, Answer> behaviour = r -> Answer.status(200);

    private HttpsReceiver(SSLContext tls) throws IOException {
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Starts a receiver that presents the certificate of {@code tls}. */
    public static HttpsReceiver start(SSLContext tls) {
        try {
            return new HttpsReceiver(tls);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts a receiver with a certificate for {@code localhost} and {@code 127.0.0.1} that openssl
     * issues from the CA in {@code caCertificate} and {@code caKey} (PEM files).
     */
    public static HttpsReceiver issuedBy(Path caCertificate, Path caKey) throws Exception {
        Path dir = Files.createTempDirectory("https-receiver");
        Path key = dir.resolve("receiver.key");
        Path csr = dir.resolve("receiver.csr");
        Path cert = dir.resolve("receiver.pem");
        Path ext = dir.resolve("san.ext");
        Files.writeString(ext, "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        run(
                "openssl",
                "req",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-keyout",
                key.toString(),
                "-out",
                csr.toString(),
                "-subj",
                "/CN=localhost");
        run(
                "openssl",
                "x509",
                "-req",
                "-in",
                csr.toString(),
                "-CA",
                caCertificate.toString(),
                "-CAkey",
                caKey.toString(),
                "-set_serial",
                "0x" + Long.toHexString(System.nanoTime()),
                "-days",
                "2",
                "-extfile",
                ext.toString(),
                "-out",
                cert.toString());

        String pem = Files.readString(key).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        var privateKey = KeyFactory.getInstance("EC")
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
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
        return start(tls);
    }

    /** Answers every later request as {@code behaviour} says. */
    public HttpsReceiver answer(Function<Request, Answer> behaviour) {
        this.behaviour = behaviour;
        return this;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code https://localhost:<port><path>}: a host name, so TLS must check the name, not the address. */
    public String url(String path) {
        return "https://localhost:" + port() + path;
    }

    /** Every request so far, in order of arrival. */
    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    /** The requests to {@code path} so far. */
    public List<Request> requests(String path) {
        return requests.stream().filter(r -> r.path().equals(path)).toList();
    }

    /** The requests to {@code path} once {@code count} arrived (or the timeout passed), plus any that follow within 0.5 s. */
    public List<Request> await(String path, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (requests(path).size() >= count) {
                Thread.sleep(500);
                break;
            }
            Thread.sleep(200);
        }
        return requests(path);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders()
                    .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(",", values)));
            List<String> sni = new ArrayList<>();
            if (exchange instanceof HttpsExchange https) {
                SSLSession session = https.getSSLSession();
                if (session instanceof ExtendedSSLSession extended) {
                    for (SNIServerName name : extended.getRequestedServerNames()) {
                        if (name instanceof SNIHostName host) {
                            sni.add(host.getAsciiName());
                        }
                    }
                }
            }
            String path = exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null
                            ? ""
                            : "?" + exchange.getRequestURI().getRawQuery());
            Request request = new Request(path, headers, new String(body, StandardCharsets.UTF_8), sni, Instant.now());
            requests.add(request);
            Answer answer = behaviour.apply(request);
            if (!answer.delay().isZero()) {
                try {
                    Thread.sleep(answer.delay().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (answer.location() != null) {
                exchange.getResponseHeaders().add("Location", answer.location());
            }
            if (answer.status() == 204) {
                exchange.sendResponseHeaders(204, -1);
                return;
            }
            byte[] reply = "{\"received\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.status(), reply.length);
            exchange.getResponseBody().write(reply);
        } catch (IOException e) {
            // the client went away (e.g. it timed out): nothing to answer
        }
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
