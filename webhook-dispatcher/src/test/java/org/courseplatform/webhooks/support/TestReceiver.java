package org.courseplatform.webhooks.support;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLSession;

/**
 * A real HTTPS webhook receiver on 127.0.0.1 with a certificate from a {@link TestCa}: records
 * every request as it arrived (headers, raw body, SNI name, time) and answers what the test's
 * behaviour says (a status, optionally after a delay, or a redirect).
 */
public final class TestReceiver implements AutoCloseable {

    /** One received request; header names lower-case. */
    public record Request(String path, Map<String, String> headers, String body, List<String> sniNames, Instant at) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
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

    private TestReceiver(HttpsServer server) {
        this.server = server;
    }

    /** Starts a receiver whose certificate names {@code names} (default: localhost). */
    public static TestReceiver start(TestCa ca, String... names) {
        try {
            HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
            server.setHttpsConfigurator(new HttpsConfigurator(ca.serverContext(names.length == 0 ? new String[] {"localhost"} : names)));
            TestReceiver receiver = new TestReceiver(server);
            server.createContext("/", receiver::handle);
            server.setExecutor(receiver.executor);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public TestReceiver answer(Function<Request, Answer> behaviour) {
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

    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    public List<Request> requests(String path) {
        return requests.stream().filter(r -> r.path().equals(path)).toList();
    }

    private void handle(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(",", values)));
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
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
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
}
