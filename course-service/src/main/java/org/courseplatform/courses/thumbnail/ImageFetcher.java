package org.courseplatform.courses.thumbnail;

import io.quarkus.logging.Log;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Serial;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.courseplatform.platform.web.net.PinnedHttpClient;
import org.courseplatform.platform.web.net.PublicAddresses;

/**
 * Fetches the first image of a course for its thumbnail. The URL comes from a tenant's document,
 * so this is a server-side request forgery surface and every step is defensive: http and https
 * only, no credentials in the URL, every resolved address vetted by the policy, no redirects,
 * bounded time and size, and image dimensions checked before decoding.
 *
 * <p>The host is resolved once, all its addresses are vetted, and the request goes to one of those
 * addresses through platform-web's {@link PinnedHttpClient} (each in turn until one accepts the
 * connection). For https the TLS layer is given the original host name, so SNI and certificate
 * hostname verification still apply to the name, not the IP. Compression is neither requested nor
 * accepted.
 *
 * <p>Every failure yields {@link Optional#empty()} with a one-line debug log: a missing thumbnail
 * image is normal and must not fail the job. Host name resolution itself uses the system resolver
 * and its own timeouts. {@link #fetch} blocks: call it on a worker thread. Thread-safe; one
 * instance can serve all jobs.
 */
public final class ImageFetcher {

    /** Decoded size limit: 40 megapixels is already ~160 MB as ARGB. */
    static final long MAX_PIXELS = 40_000_000L;

    /** ImageIO also has TIFF and WBMP readers; they are never course images and only add attack surface. */
    private static final Set<String> FORMATS = Set.of("png", "jpeg", "jpg", "gif", "bmp", "webp");

    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_LINE = 8 * 1024;
    private static final String USER_AGENT = "course-service-thumbnail/1.0";
    private static final Map<String, String> HEADERS =
            Map.of("User-Agent", USER_AGENT, "Accept", "image/*", "Accept-Encoding", "identity");

    private final Duration timeout;
    private final int maxBytes;
    private final Predicate<InetAddress> allowed;
    private final PinnedHttpClient client;

    /**
     * A fetcher on a Vert.x instance of its own, shared by all such fetchers (tests and tools); the
     * service passes its own.
     *
     * @see #ImageFetcher(Vertx, Duration, int, Predicate)
     */
    public ImageFetcher(Duration timeout, int maxBytes, Predicate<InetAddress> allowed) {
        this(OwnVertx.INSTANCE, timeout, maxBytes, allowed);
    }

    /** Created on first use only: the service never needs it. */
    private static final class OwnVertx {
        static final Vertx INSTANCE = Vertx.vertx();
    }

    /**
     * @param timeout  limit for connecting, and separately for the whole response (TLS handshake,
     *                 headers and body), so a slow drip cannot hold a worker
     * @param maxBytes largest body accepted; beyond it the download is aborted
     * @param allowed  the address policy: a URL is fetched only if this accepts every address its
     *                 host resolves to. Use {@code ImageFetcher::isPublicAddress}, widened if needed,
     *                 e.g. {@code ((Predicate<InetAddress>) ImageFetcher::isPublicAddress).or(InetAddress::isLoopbackAddress)}
     *                 in tests
     */
    public ImageFetcher(Vertx vertx, Duration timeout, int maxBytes, Predicate<InetAddress> allowed) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive");
        }
        this.timeout = timeout;
        this.maxBytes = maxBytes;
        this.allowed = Objects.requireNonNull(allowed, "allowed");
        this.client = new PinnedHttpClient(
                vertx,
                new HttpClientOptions()
                        .setKeepAlive(false)
                        .setMaxHeaderSize(MAX_HEADER_BYTES)
                        .setMaxInitialLineLength(MAX_LINE)
                        .setName("thumbnail-images"));
    }

    /** A downloaded file with the content type its server named, or why there is none ({@code refusal}). */
    public record Download(byte[] bytes, String contentType, String refusal) {}

    /**
     * The file at the URL, undecoded, under the same rules (public addresses only, no redirects,
     * bounded time and size): for the media library's import by URL, which checks the content
     * itself. Never throws; a failure is a {@code refusal} fit to show to the caller.
     */
    public Download download(String url) {
        try {
            Body body = download(Target.of(url));
            return new Download(body.bytes(), body.contentType(), null);
        } catch (Refused e) {
            return new Download(null, null, e.getMessage());
        } catch (TimeoutException e) {
            return new Download(null, null, "timed out after " + timeout.toSeconds() + " s");
        } catch (IOException | RuntimeException e) {
            return new Download(null, null, "could not be fetched (" + oneLine(e.getMessage()) + ")");
        }
    }

    /** The decoded image, or empty for any failure (refused, unreachable, too big, not an image). */
    public Optional<BufferedImage> fetch(String url) {
        try {
            return Optional.of(decode(download(Target.of(url)).bytes()));
        } catch (Refused e) {
            Log.debugf("No thumbnail image from %s: %s", describe(url), e.getMessage());
        } catch (TimeoutException e) {
            Log.debugf("No thumbnail image from %s: timed out (%s)", describe(url), oneLine(e.getMessage()));
        } catch (IOException | RuntimeException e) {
            Log.debugf(
                    "No thumbnail image from %s: %s: %s",
                    describe(url), e.getClass().getSimpleName(), oneLine(e.getMessage()));
        }
        return Optional.empty();
    }

    /**
     * The default address policy: ordinary public unicast only, by the platform's shared rules
     * ({@link PublicAddresses#isPublic}: no loopback, private, CGNAT, link-local or cloud metadata,
     * multicast, reserved, documentation or benchmarking addresses, nothing outside 2000::/3, no
     * IPv6 form that embeds a non-public IPv4 address, no Teredo). The same rules as
     * webhook-dispatcher's address policy.
     */
    public static boolean isPublicAddress(InetAddress address) {
        return PublicAddresses.isPublic(address);
    }

    private record Body(byte[] bytes, String contentType) {}

    private Body download(Target target) throws IOException, Refused, TimeoutException {
        InetAddress[] addresses = PinnedHttpClient.lookup(target.lookupHost());
        if (addresses == null) {
            throw new Refused("host does not resolve");
        }
        InetAddress refused = PinnedHttpClient.refused(addresses, allowed);
        if (refused != null) {
            throw new Refused("address " + refused.getHostAddress() + " is not allowed");
        }
        long millis = timeout.toMillis();
        PinnedHttpClient.Response response;
        try {
            // The client's own deadlines end the attempt; the wait only guards against a lost answer.
            response = client.send(
                            new PinnedHttpClient.Request(
                                    HttpMethod.GET,
                                    target.lookupHost(),
                                    target.port(),
                                    target.https(),
                                    target.uri(),
                                    HEADERS,
                                    null),
                            List.of(addresses),
                            new PinnedHttpClient.Deadlines(millis, 0, millis),
                            PinnedHttpClient.Body.KEEP,
                            maxBytes)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(3 * millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof PinnedHttpClient.TooLarge tooLarge) {
                throw new Refused(tooLarge.getMessage());
            }
            if (cause instanceof TimeoutException timedOut) {
                throw timedOut;
            }
            throw new IOException(cause.getMessage(), cause);
        }
        int status = response.status();
        if (status >= 300 && status < 400) {
            throw new Refused("redirect (HTTP " + status + ") not followed");
        }
        if (status != 200) {
            throw new Refused("HTTP " + status);
        }
        String encoding = response.headers().get("Content-Encoding");
        if (encoding != null && !encoding.isBlank() && !encoding.strip().equalsIgnoreCase("identity")) {
            throw new Refused("unrequested content encoding " + oneLine(encoding));
        }
        return new Body(response.body().getBytes(), response.headers().get("Content-Type"));
    }

    /**
     * Decodes with the first reader for a supported format, after checking the dimensions from the
     * header alone: a tiny file can declare a huge canvas (decompression bomb).
     */
    private static BufferedImage decode(byte[] bytes) throws IOException, Refused {
        if (bytes.length == 0) {
            throw new Refused("empty body");
        }
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            while (readers.hasNext()) {
                ImageReader reader = readers.next();
                try {
                    if (!supported(reader)) {
                        continue;
                    }
                    reader.setInput(in, true, true);
                    int width = reader.getWidth(0);
                    int height = reader.getHeight(0);
                    if (width <= 0 || height <= 0) {
                        throw new Refused("invalid dimensions " + width + "x" + height);
                    }
                    if ((long) width * height > MAX_PIXELS) {
                        throw new Refused("image of " + width + "x" + height + " exceeds 40 megapixels");
                    }
                    BufferedImage image = reader.read(0);
                    if (image == null) {
                        throw new Refused("decoder returned nothing");
                    }
                    return image;
                } finally {
                    reader.dispose();
                }
            }
        }
        throw new Refused("not an image in a supported format");
    }

    private static boolean supported(ImageReader reader) {
        if (reader.getOriginatingProvider() == null) {
            return FORMATS.contains(safeFormatName(reader));
        }
        for (String name : reader.getOriginatingProvider().getFormatNames()) {
            if (FORMATS.contains(name.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    private static String safeFormatName(ImageReader reader) {
        try {
            return reader.getFormatName().toLowerCase(Locale.ROOT);
        } catch (IOException e) {
            return "";
        }
    }

    /** The URL for logs: scheme, host, port and path only, as queries often carry signed tokens. */
    private static String describe(String url) {
        if (url == null) {
            return "<no URL>";
        }
        try {
            URI uri = new URI(url.strip());
            if (uri.getScheme() == null || uri.getRawAuthority() == null) {
                return oneLine(url.length() > 80 ? url.substring(0, 80) + "..." : url);
            }
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            String shown = uri.getScheme() + "://" + (uri.getHost() != null ? uri.getHost() : "?")
                    + (uri.getPort() >= 0 ? ":" + uri.getPort() : "") + path;
            return oneLine(shown.length() > 200 ? shown.substring(0, 200) + "..." : shown);
        } catch (URISyntaxException e) {
            return "<malformed URL>";
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\p{Cntrl}", " ");
    }

    /** What to connect to and what to ask for, derived from the URL once. */
    private record Target(boolean https, String lookupHost, int port, String uri) {

        static Target of(String url) throws Refused {
            if (url == null || url.isBlank()) {
                throw new Refused("no URL");
            }
            URI uri;
            try {
                // Re-parse the ASCII form so non-ASCII path characters are percent-encoded.
                uri = new URI(new URI(url.strip()).toASCIIString());
            } catch (URISyntaxException e) {
                throw new Refused("malformed URL");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (scheme.isEmpty()) {
                throw new Refused("not an absolute URL");
            }
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new Refused("scheme '" + oneLine(scheme) + "' not allowed");
            }
            if (uri.getRawUserInfo() != null) {
                throw new Refused("credentials in URL");
            }
            String host = uri.getHost();
            if (host == null || host.isEmpty()) {
                throw new Refused("no host");
            }
            boolean https = scheme.equals("https");
            int port = uri.getPort() < 0 ? (https ? 443 : 80) : uri.getPort();
            if (port < 1 || port > 65_535) {
                throw new Refused("invalid port");
            }
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
            if (!target.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
                throw new Refused("illegal characters in URL");
            }
            // URI keeps IPv6 literals bracketed; resolving and the client take them bare.
            String lookupHost =
                    host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            return new Target(https, lookupHost, port, target);
        }
    }

    /** A failure whose message is the whole story; no stack trace is needed. */
    private static final class Refused extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason, null, false, false);
        }
    }
}
