package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local ingress as `./suite up --replicas 2` generates it, in front of stand-in replicas: one
 * that reads each request and dies without answering (a replica SIGKILLed mid-request), one that
 * answers. A POST with an Idempotency-Key reaches the live replica with its headers and body (one
 * larger than nginx's in-memory buffer too); one without a key is not resent, and neither answers
 * anything but the ingress's 503 in the error shape when no replica could.
 */
class IngressResendTest {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private static Path home;
    private static int base;
    private static final List<Replica> replicas = new ArrayList<>();

    @BeforeAll
    static void startIngress() throws Exception {
        home = Files.createTempDirectory("ingress-resend");
        base = FreePorts.block(61);
        // Port layout of scripts/suite/config.sh: the ingress on base, replica 1 of the n-th
        // service of deploy/services.tsv on base+n, replica 2 on base+20+n.
        replicas.add(new Replica(base + 1, true)); // members-service, replica 1: dies
        replicas.add(new Replica(base + 21, false)); // members-service, replica 2: answers
        replicas.add(new Replica(base + 2, true)); // course-service, replica 1: dies
        replicas.add(new Replica(base + 22, true)); // course-service, replica 2: dies
        suite("load_config; ensure_dirs; ensure_nginx; write_nginx_conf; start_ingress");
    }

    @AfterAll
    static void stop() throws Exception {
        if (home != null) {
            suite("load_config; stop_ingress");
        }
        for (Replica replica : replicas) {
            replica.close();
        }
    }

    @Test
    void aKeyedPostWhoseReplicaDiesIsAnsweredByTheOtherWithTheSameRequest() throws Exception {
        Replica dying = replicas.get(0);
        Replica live = replicas.get(1);
        // Round robin sends the first request to replica 1; a failed replica is then left alone
        // for 5 s, so each round waits that out to be sure to hit the dying one first again.
        String large = "{\"pad\":\"" + "x".repeat(300 * 1024) + "\"}";
        for (String body : List.of("{\"email\":\"a@example.com\"}", large)) {
            String key = UUID.randomUUID().toString();
            int diedBefore = dying.seen.size();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            HttpResponse<String> answer;
            do {
                answer = post("/api/v1/members", key, body);
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
                if (dying.seen.size() > diedBefore) {
                    break;
                }
                Thread.sleep(5_500);
            } while (System.nanoTime() < deadline);
            assertThat(dying.seen).as("the dying replica got the request first").hasSizeGreaterThan(diedBefore);
            Request resent = live.seen.get(live.seen.size() - 1);
            assertThat(resent.method()).isEqualTo("POST");
            assertThat(resent.headers()).containsEntry("idempotency-key", key);
            assertThat(resent.body()).isEqualTo(body);
            assertThat(dying.seen.get(dying.seen.size() - 1).headers()).containsEntry("idempotency-key", key);
        }
    }

    @Test
    void aPostWithoutAKeyIsNotResentAndAnswersTheIngresss503() throws Exception {
        int before = replicas.get(2).seen.size() + replicas.get(3).seen.size();
        HttpResponse<String> answer = post("/v1/headless/courses", null, "{\"title\":\"Once\"}");
        assertThat(answer.statusCode()).isEqualTo(503);
        assertThat(answer.headers().firstValue("Retry-After")).isPresent();
        assertThat(answer.body()).contains("\"code\":\"UNAVAILABLE\"");
        // Sent once, to one replica only.
        assertThat(replicas.get(2).seen.size() + replicas.get(3).seen.size()).isEqualTo(before + 1);
    }

    @Test
    void aKeyedPostThatFailsOnBothReplicasAnswersTheIngresss503() throws Exception {
        int before = replicas.get(2).seen.size() + replicas.get(3).seen.size();
        HttpResponse<String> answer =
                post("/v1/headless/courses", UUID.randomUUID().toString(), "{\"title\":\"Twice\"}");
        assertThat(answer.statusCode()).isEqualTo(503);
        assertThat(answer.headers().firstValue("Retry-After")).isPresent();
        assertThat(answer.body()).contains("\"code\":\"UNAVAILABLE\"");
        // Sent, then resent once: never more.
        assertThat(replicas.get(2).seen.size() + replicas.get(3).seen.size()).isEqualTo(before + 2);
    }

    private static HttpResponse<String> post(String path, String key, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + base + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Runs functions of ./suite (sourced) for this test's suite home, with two replicas. */
    private static void suite(String commands) throws Exception {
        Path repo = RepoRoot.find();
        // Output to a file, not a pipe: nginx, started as a daemon, could keep a pipe open.
        Path log = home.resolve("suite-functions.log");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", "set -euo pipefail; . ./suite; " + commands)
                .directory(repo.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.put("SUITE_HOME", home.toString());
        env.put("SUITE_PORT_BASE", Integer.toString(base));
        env.put("SUITE_REPLICAS", "2");
        Process process = builder.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(() -> read(log)).isZero();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private record Request(String method, Map<String, String> headers, String body) {}

    /** A stand-in replica: records every request; answers 201 with {"ok":true}, or dies without a word. */
    private static final class Replica implements AutoCloseable {

        final List<Request> seen = new CopyOnWriteArrayList<>();
        private final ServerSocket server;
        private final boolean dies;

        Replica(int port, boolean dies) throws IOException {
            this.dies = dies;
            this.server = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(this::serve);
        }

        private void serve() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread.ofVirtual().start(() -> handle(socket));
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void handle(Socket socket) {
            try (socket) {
                InputStream in = socket.getInputStream();
                Request request = read(in);
                if (request == null) {
                    return;
                }
                seen.add(request);
                if (dies) {
                    socket.setSoLinger(true, 0); // a reset, as the kernel sends for a killed process
                    return;
                }
                byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
                OutputStream out = socket.getOutputStream();
                out.write(("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                                + "\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
            } catch (IOException e) {
                // nginx gave up on the connection: nothing to record
            }
        }

        private static Request read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    return null;
                }
                head.write(b);
                matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
            String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
            Map<String, String> headers = new TreeMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(
                            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            lines[i].substring(colon + 1).trim());
                }
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            byte[] body = in.readNBytes(length);
            return new Request(lines[0].split(" ")[0], headers, new String(body, StandardCharsets.UTF_8));
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
