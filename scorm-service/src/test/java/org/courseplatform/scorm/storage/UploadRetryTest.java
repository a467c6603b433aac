package org.courseplatform.scorm.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.courseplatform.platform.storage.ObjectStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A package file whose upload is cut off by S3 (or by whatever sits between) is sent again, whole:
 * every body the store sends is a file, re-opened for each attempt, so a retry never resends a
 * half-read stream. Imports of large packages failed now and then with "Error writing request body
 * to server" (the JDK's HttpURLConnection, no longer used); these are the two ways a request body
 * can fail mid-way. The S3 client here is built as application.properties configures
 * scorm-service's (Apache's pooled client, no {@code Expect: 100-continue}, idle connections closed
 * after 5 s); the S3 server is a scripted one that misbehaves on purpose.
 */
class UploadRetryTest {

    private FlakyS3 s3;
    private SdkHttpClient http;
    private S3Client client;

    @TempDir
    Path dir;

    @BeforeEach
    void start() throws IOException {
        s3 = new FlakyS3();
        http = ApacheHttpClient.builder()
                .maxConnections(64)
                .connectionMaxIdleTime(Duration.ofSeconds(5))
                .expectContinueEnabled(false)
                .build();
        client = S3Client.builder()
                .endpointOverride(URI.create("http://127.0.0.1:" + s3.port()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .forcePathStyle(true)
                .httpClient(http)
                .build();
    }

    @AfterEach
    void stop() throws IOException {
        client.close();
        http.close();
        s3.close();
    }

    private ObjectStore store() {
        return new ObjectStore(client, "bucket", "http://127.0.0.1:" + s3.port(), "us-east-1", "key", "secret");
    }

    @Test
    void aFileWhoseFirstAttemptIsCutOffMidBodyIsSentAgainWhole() throws Exception {
        byte[] content = randomBytes(2 << 20);
        Path file = dir.resolve("media.bin");
        Files.write(file, content);
        s3.cutOffFirstAttempt.set(1);

        store().putFile("scorm/packages/1/content/media/m001.bin", file, "application/octet-stream");

        assertThat(s3.attempts.get()).isEqualTo(2);
        assertThat(s3.stored).hasSize(1);
        assertThat(contains(s3.stored.getFirst(), content)).isTrue();
    }

    @Test
    void aKeptAliveConnectionTheServerClosedIsNotWrittenTo() throws Exception {
        byte[] content = randomBytes(256 << 10);
        Path file = dir.resolve("page.html");
        Files.write(file, content);
        s3.closeAfterAnswer = true;

        for (int i = 0; i < 5; i++) {
            store().putFile("scorm/packages/1/content/p" + i + ".html", file, "text/html");
            Thread.sleep(200); // the server has closed the connection by now; the pool still holds it
        }

        assertThat(s3.stored).hasSize(5);
        assertThat(s3.stored)
                .allSatisfy(body -> assertThat(contains(body, content)).isTrue());
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new Random(42).nextBytes(bytes);
        return bytes;
    }

    /** Whether the request body holds the file's bytes (aws-chunked framing may surround them). */
    private static boolean contains(byte[] body, byte[] content) {
        int chunk = 4096;
        int at = 0;
        for (int offset = 0; offset < content.length; offset += chunk) {
            int length = Math.min(chunk, content.length - offset);
            int found = indexOf(body, content, offset, length, at);
            if (found < 0) {
                return false;
            }
            at = found + length;
        }
        return true;
    }

    private static int indexOf(byte[] body, byte[] content, int offset, int length, int from) {
        outer:
        for (int i = from; i <= body.length - length; i++) {
            for (int j = 0; j < length; j++) {
                if (body[i + j] != content[offset + j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /**
     * An HTTP/1.1 server that answers every PUT 200 with the MD5 of what it read as the ETag, except
     * that it can reset the connection half-way through the first body it receives, or close each
     * connection right after its answer without saying so (as an idle timeout does).
     */
    private static final class FlakyS3 implements AutoCloseable {
        final AtomicInteger cutOffFirstAttempt = new AtomicInteger();
        final AtomicInteger attempts = new AtomicInteger();
        final List<byte[]> stored = new CopyOnWriteArrayList<>();
        volatile boolean closeAfterAnswer;
        private final ServerSocket server;
        private final Thread acceptor;

        FlakyS3() throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            acceptor = Thread.ofVirtual().start(this::accept);
        }

        int port() {
            return server.getLocalPort();
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread.ofVirtual().start(() -> serve(socket));
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(Socket socket) {
            try (socket) {
                InputStream in = socket.getInputStream();
                OutputStream out = socket.getOutputStream();
                while (true) {
                    String head = readHead(in);
                    if (head == null) {
                        return;
                    }
                    long length = 0;
                    for (String line : head.split("\r\n")) {
                        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                            length = Long.parseLong(line.substring(15).trim());
                        }
                    }
                    attempts.incrementAndGet();
                    if (cutOffFirstAttempt.getAndSet(0) == 1) {
                        in.readNBytes((int) Math.min(length, 64 << 10));
                        socket.setSoLinger(true, 0); // a reset, not a polite close
                        return;
                    }
                    byte[] body = in.readNBytes((int) length);
                    stored.add(body);
                    String etag = HexFormat.of()
                            .formatHex(MessageDigest.getInstance("MD5").digest(body));
                    out.write(("HTTP/1.1 200 OK\r\nETag: \"" + etag + "\"\r\nContent-Length: 0\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    if (closeAfterAnswer) {
                        return;
                    }
                }
            } catch (Exception e) {
                // the client went away
            }
        }

        private static String readHead(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            int b;
            while ((b = in.read()) >= 0) {
                head.write(b);
                matched = (b == '\r' || b == '\n') ? matched + 1 : 0;
                if (matched == 4) {
                    return head.toString(StandardCharsets.US_ASCII);
                }
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            server.close();
            acceptor.interrupt();
        }
    }
}
