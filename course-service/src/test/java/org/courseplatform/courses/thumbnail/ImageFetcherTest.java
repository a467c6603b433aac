package org.courseplatform.courses.thumbnail;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import javax.imageio.ImageIO;
import org.courseplatform.platform.web.net.PublicAddresses;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ImageFetcherTest {

    private static final Predicate<InetAddress> PUBLIC_ONLY = ImageFetcher::isPublicAddress;
    private static final Predicate<InetAddress> WITH_LOOPBACK = PUBLIC_ONLY.or(InetAddress::isLoopbackAddress);

    private static HttpServer server;
    private static ExecutorService executor;
    private static String base;
    private static byte[] png;
    private static final AtomicInteger requests = new AtomicInteger();
    private static final Map<String, String> hostHeaders = new ConcurrentHashMap<>();

    private final ImageFetcher fetcher = new ImageFetcher(Duration.ofSeconds(5), 1_000_000, WITH_LOOPBACK);

    @BeforeAll
    static void startServer() throws IOException {
        png = encode(picture(64, 48), "png");
        byte[] large = new byte[20_000];
        new Random(7).nextBytes(large);

        executor = Executors.newCachedThreadPool();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        server.setExecutor(executor);
        server.createContext("/image.png", exchange -> send(exchange, 200, "image/png", png, false));
        server.createContext("/chunked.png", exchange -> send(exchange, 200, "image/png", png, true));
        server.createContext("/redirect", exchange -> {
            exchange.getResponseHeaders().add("Location", "/image.png");
            send(exchange, 302, null, new byte[0], false);
        });
        server.createContext("/large", exchange -> send(exchange, 200, "image/png", large, false));
        server.createContext("/large-chunked", exchange -> send(exchange, 200, "image/png", large, true));
        server.createContext(
                "/text",
                exchange -> send(
                        exchange,
                        200,
                        "text/html",
                        "<html>not an image</html>".getBytes(StandardCharsets.UTF_8),
                        false));
        server.createContext("/missing", exchange -> send(exchange, 404, "text/plain", new byte[] {'n'}, false));
        server.createContext("/slow", exchange -> {
            try {
                Thread.sleep(1_500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            send(exchange, 200, "image/png", png, false);
        });
        server.createContext("/bomb.png", exchange -> send(exchange, 200, "image/png", bilevelPng(8_000, 8_000), true));
        server.createContext(
                "/big-ok.png", exchange -> send(exchange, 200, "image/png", bilevelPng(6_000, 6_000), true));
        server.createContext("/", exchange -> {
            String name = exchange.getRequestURI().getPath().substring(1);
            send(exchange, 200, "image/" + name, encode(picture(32, 16), name), false);
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stopServer() {
        server.stop(0);
        executor.shutdownNow();
    }

    @BeforeEach
    void resetCounters() {
        requests.set(0);
        hostHeaders.clear();
    }

    @Test
    void defaultPolicyRefusesLoopbackWithoutConnecting() {
        ImageFetcher strict = new ImageFetcher(Duration.ofSeconds(5), 1_000_000, ImageFetcher::isPublicAddress);

        assertThat(strict.fetch(base + "/image.png")).isEmpty();
        assertThat(strict.fetch("http://localhost:" + server.getAddress().getPort() + "/image.png"))
                .isEmpty();
        assertThat(requests).hasValue(0);
    }

    @Test
    void fetchesAndDecodesWhenThePolicyAllowsTheAddress() {
        Optional<BufferedImage> image = fetcher.fetch(base + "/image.png?size=large#top");

        assertThat(image).hasValueSatisfying(i -> {
            assertThat(i.getWidth()).isEqualTo(64);
            assertThat(i.getHeight()).isEqualTo(48);
            assertThat(new Color(i.getRGB(1, 1))).isEqualTo(Color.ORANGE);
        });
        assertThat(hostHeaders.get("/image.png"))
                .isEqualTo("127.0.0.1:" + server.getAddress().getPort());
    }

    @Test
    void resolvesHostNamesAndTriesEachVettedAddress() {
        // localhost may resolve to ::1 first, where nothing listens; the fetcher moves on to 127.0.0.1.
        assertThat(fetcher.fetch("http://localhost:" + server.getAddress().getPort() + "/image.png"))
                .isPresent();
        assertThat(hostHeaders.get("/image.png"))
                .isEqualTo("localhost:" + server.getAddress().getPort());
    }

    @Test
    void readsChunkedBodies() {
        assertThat(fetcher.fetch(base + "/chunked.png")).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "jpeg", "gif", "bmp"})
    void decodesCommonFormats(String format) {
        assertThat(fetcher.fetch(base + "/" + format))
                .hasValueSatisfying(i -> assertThat(i.getWidth()).isEqualTo(32));
    }

    @Test
    void redirectIsRefused() {
        assertThat(fetcher.fetch(base + "/redirect")).isEmpty();
        assertThat(requests).as("target not requested").hasValue(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/large", "/large-chunked"})
    void bodyOverMaxBytesIsRefused(String path) {
        ImageFetcher small = new ImageFetcher(Duration.ofSeconds(5), 10_000, WITH_LOOPBACK);

        assertThat(small.fetch(base + path)).isEmpty();
    }

    @Test
    void bodyOfExactlyMaxBytesIsAccepted() {
        ImageFetcher exact = new ImageFetcher(Duration.ofSeconds(5), png.length, WITH_LOOPBACK);

        assertThat(exact.fetch(base + "/image.png")).isPresent();
        assertThat(exact.fetch(base + "/chunked.png")).isPresent();
    }

    @Test
    void nonImageAndErrorStatusAreEmpty() {
        assertThat(fetcher.fetch(base + "/text")).isEmpty();
        assertThat(fetcher.fetch(base + "/missing")).isEmpty();
    }

    @Test
    void slowServerTimesOut() {
        ImageFetcher impatient = new ImageFetcher(Duration.ofMillis(300), 1_000_000, WITH_LOOPBACK);

        long start = System.nanoTime();
        assertThat(impatient.fetch(base + "/slow")).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1_200));
    }

    @Test
    void decompressionBombIsRefusedBeforeDecoding() {
        assertThat(fetcher.fetch(base + "/bomb.png")).as("64 megapixels").isEmpty();
        assertThat(fetcher.fetch(base + "/big-ok.png"))
                .as("36 megapixels")
                .hasValueSatisfying(i -> assertThat(i.getWidth()).isEqualTo(6_000));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ftp://127.0.0.1/image.png",
                "file:///etc/passwd",
                "gopher://127.0.0.1:70/",
                "jar:http://127.0.0.1/x.jar!/a.png",
                "//127.0.0.1/image.png",
                "not a url",
                "",
                "http:///image.png",
                "http://user:secret@127.0.0.1/image.png",
                "http://127.0.0.1:99999/image.png"
            })
    void unsupportedOrMalformedUrlsAreRefused(String url) {
        assertThat(fetcher.fetch(url)).isEmpty();
        assertThat(fetcher.fetch(null)).isEmpty();
        assertThat(requests).hasValue(0);
    }

    @Test
    void credentialsInUrlAreNotSent() {
        assertThat(fetcher.fetch(
                        "http://user:secret@127.0.0.1:" + server.getAddress().getPort() + "/image.png"))
                .isEmpty();
        assertThat(requests).hasValue(0);
    }

    /** The rules themselves, address by address, are tested in platform-web's PublicAddressesTest. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "8.8.8.8",
                "10.0.0.1",
                "127.0.0.1",
                "169.254.169.254",
                "::1",
                "fd12:3456::1",
                "64:ff9b::808:808",
                "64:ff9b::a9fe:a9fe",
                "2002:c0a8:0101::1",
                "2001:4860:4860::8888"
            })
    void defaultPolicyIsThePlatformsPublicAddressRule(String literal) throws UnknownHostException {
        InetAddress address = InetAddress.getByName(literal);

        assertThat(ImageFetcher.isPublicAddress(address)).isEqualTo(PublicAddresses.isPublic(address));
        assertThat(ImageFetcher.isPublicAddress(null)).isFalse();
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body, boolean chunked)
            throws IOException {
        requests.incrementAndGet();
        hostHeaders.put(
                exchange.getRequestURI().getPath(), exchange.getRequestHeaders().getFirst("Host"));
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            if (type != null) {
                exchange.getResponseHeaders().add("Content-Type", type);
            }
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : chunked ? 0 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    // Several writes, so a chunked response really has several chunks.
                    for (int i = 0; i < body.length; i += 4096) {
                        out.write(body, i, Math.min(4096, body.length - i));
                        out.flush();
                    }
                }
            }
        }
    }

    private static BufferedImage picture(int w, int h) {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.ORANGE);
        g.fillRect(0, 0, w, h);
        g.dispose();
        return image;
    }

    private static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(image, format, out)) {
            throw new IOException("no writer for " + format);
        }
        return out.toByteArray();
    }

    /** A valid all-black 1-bit PNG: tiny on the wire, {@code w * h} pixels once decoded. */
    private static byte[] bilevelPng(int w, int h) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(raw)) {
            byte[] row = new byte[1 + (w + 7) / 8]; // filter byte "none", then packed pixels
            for (int y = 0; y < h; y++) {
                deflate.write(row);
            }
        }
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(file);
        out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        DataOutputStream ihdr = new DataOutputStream(header);
        ihdr.writeInt(w);
        ihdr.writeInt(h);
        ihdr.write(new byte[] {1, 0, 0, 0, 0}); // bit depth 1, greyscale, deflate, no filter, no interlace
        chunk(out, "IHDR", header.toByteArray());
        chunk(out, "IDAT", raw.toByteArray());
        chunk(out, "IEND", new byte[0]);
        return file.toByteArray();
    }

    private static void chunk(DataOutputStream out, String type, byte[] data) throws IOException {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.writeInt(data.length);
        out.write(name);
        out.write(data);
        out.writeInt((int) crc.getValue());
    }
}
