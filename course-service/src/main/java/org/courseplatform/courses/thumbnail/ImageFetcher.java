package org.courseplatform.courses.thumbnail;

import io.quarkus.logging.Log;
import java.awt.image.BufferedImage;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serial;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.courseplatform.platform.web.net.PublicAddresses;

/**
 * Fetches the first image of a course for its thumbnail. The URL comes from a tenant's document,
 * so this is a server-side request forgery surface and every step is defensive: http and https
 * only, no credentials in the URL, every resolved address vetted by the policy, no redirects,
 * bounded time and size, and image dimensions checked before decoding.
 *
 * <p>Why raw sockets rather than {@code HttpClient} or {@code HttpURLConnection}: both resolve the
 * host name again when they connect, so a DNS answer that changes between our check and their
 * connect (DNS rebinding, or simply a short TTL) would reach an address nobody vetted, and neither
 * lets us pin the address per request ("Host" is a restricted header, and the JDK resolver SPI is
 * JVM-wide). So the host is resolved once, all its addresses are vetted, and the socket connects to
 * one of those {@link InetAddress} objects. For https the TLS layer is given the original host name,
 * so SNI and certificate hostname verification still apply to the name, not the IP. The request is
 * a minimal HTTP/1.1 GET with {@code Connection: close}; the reader understands Content-Length,
 * chunked and read-to-close bodies, and nothing else (no compression is requested or accepted).
 *
 * <p>Every failure yields {@link Optional#empty()} with a one-line debug log: a missing thumbnail
 * image is normal and must not fail the job. Host name resolution itself uses the system resolver
 * and its own timeouts. Thread-safe; one instance can serve all jobs.
 */
public final class ImageFetcher {

    /** Decoded size limit: 40 megapixels is already ~160 MB as ARGB. */
    static final long MAX_PIXELS = 40_000_000L;

    /** ImageIO also has TIFF and WBMP readers; they are never course images and only add attack surface. */
    private static final Set<String> FORMATS = Set.of("png", "jpeg", "jpg", "gif", "bmp", "webp");
    private static final int MAX_LINE = 8 * 1024;
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final String USER_AGENT = "course-service-thumbnail/1.0";

    private final Duration timeout;
    private final int maxBytes;
    private final Predicate<InetAddress> allowed;

    /**
     * @param timeout  limit for connecting, and separately for the whole response (TLS handshake,
     *                 headers and body), so a slow drip cannot hold a worker
     * @param maxBytes largest body accepted; beyond it the download is aborted
     * @param allowed  the address policy: a URL is fetched only if this accepts every address its
     *                 host resolves to. Use {@code ImageFetcher::isPublicAddress}, widened if needed,
     *                 e.g. {@code ((Predicate<InetAddress>) ImageFetcher::isPublicAddress).or(InetAddress::isLoopbackAddress)}
     *                 in tests
     */
    public ImageFetcher(Duration timeout, int maxBytes, Predicate<InetAddress> allowed) {
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
    }

    /** The decoded image, or empty for any failure (refused, unreachable, too big, not an image). */
    public Optional<BufferedImage> fetch(String url) {
        try {
            return Optional.of(decode(download(Target.of(url))));
        } catch (Refused e) {
            Log.debugf("No thumbnail image from %s: %s", describe(url), e.getMessage());
        } catch (SocketTimeoutException e) {
            Log.debugf("No thumbnail image from %s: timed out (%s)", describe(url), oneLine(e.getMessage()));
        } catch (IOException | RuntimeException e) {
            Log.debugf("No thumbnail image from %s: %s: %s", describe(url), e.getClass().getSimpleName(),
                    oneLine(e.getMessage()));
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

    private byte[] download(Target target) throws IOException, Refused {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(target.lookupHost());
        } catch (UnknownHostException e) {
            throw new Refused("host does not resolve");
        }
        if (addresses.length == 0) {
            throw new Refused("host does not resolve");
        }
        for (InetAddress address : addresses) {
            if (!allowed.test(address)) {
                throw new Refused("address " + address.getHostAddress() + " is not allowed");
            }
        }
        try (Socket raw = connect(addresses, target.port());
                Socket socket = target.https() ? startTls(raw, target) : raw) {
            long deadline = System.nanoTime() + timeout.toNanos();
            if (socket instanceof SSLSocket tls) {
                socket.setSoTimeout(remainingMillis(deadline));
                tls.startHandshake();
            }
            OutputStream out = socket.getOutputStream();
            out.write(target.request().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return readResponse(new BufferedInputStream(new DeadlineInput(socket, deadline)));
        }
    }

    /** Connects to the vetted addresses in turn, all within one timeout. */
    private Socket connect(InetAddress[] addresses, int port) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        IOException last = null;
        for (InetAddress address : addresses) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(address, port), remainingMillis(deadline));
                return socket;
            } catch (IOException e) {
                socket.close();
                last = e;
            }
        }
        throw last;
    }

    private static Socket startTls(Socket raw, Target target) throws IOException {
        SSLSocket tls = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault())
                .createSocket(raw, target.lookupHost(), target.port(), true);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        tls.setSSLParameters(parameters);
        return tls;
    }

    private static int remainingMillis(long deadline) throws SocketTimeoutException {
        long remaining = (deadline - System.nanoTime()) / 1_000_000L;
        if (remaining <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        return (int) Math.min(Integer.MAX_VALUE, remaining);
    }

    private byte[] readResponse(InputStream in) throws IOException, Refused {
        int[] budget = {MAX_HEADER_BYTES};
        int status = readStatus(in, budget);
        Map<String, String> headers = readHeaders(in, budget);
        while (status >= 100 && status < 200 && status != 101) {
            status = readStatus(in, budget); // interim responses precede the real one
            headers = readHeaders(in, budget);
        }
        if (status >= 300 && status < 400) {
            throw new Refused("redirect (HTTP " + status + ") not followed");
        }
        if (status != 200) {
            throw new Refused("HTTP " + status);
        }
        String encoding = headers.get("content-encoding");
        if (encoding != null && !encoding.isBlank() && !encoding.strip().equalsIgnoreCase("identity")) {
            throw new Refused("unrequested content encoding " + oneLine(encoding));
        }
        String transfer = headers.get("transfer-encoding");
        if (transfer != null) {
            if (!transfer.strip().equalsIgnoreCase("chunked")) {
                throw new Refused("unsupported transfer encoding " + oneLine(transfer));
            }
            return readChunked(in, budget);
        }
        String length = headers.get("content-length");
        if (length != null) {
            long declared = parseLength(length);
            if (declared > maxBytes) {
                throw new Refused("body of " + declared + " bytes exceeds " + maxBytes);
            }
            byte[] body = in.readNBytes((int) declared);
            if (body.length < declared) {
                throw new EOFException("body shorter than Content-Length");
            }
            return body;
        }
        // No length given: the body runs to the close. One byte over the limit proves it too big.
        byte[] body = in.readNBytes(maxBytes == Integer.MAX_VALUE ? maxBytes : maxBytes + 1);
        if (body.length > maxBytes) {
            throw new Refused("body exceeds " + maxBytes + " bytes");
        }
        return body;
    }

    private static int readStatus(InputStream in, int[] budget) throws IOException, Refused {
        String line = readLine(in, budget);
        if (!line.startsWith("HTTP/1.") || line.length() < 12 || line.charAt(8) != ' ') {
            throw new Refused("not an HTTP/1.x response");
        }
        try {
            return Integer.parseInt(line.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new Refused("malformed status line");
        }
    }

    /** Header names lower-cased; repeated headers joined with commas, as HTTP defines. */
    private static Map<String, String> readHeaders(InputStream in, int[] budget) throws IOException, Refused {
        Map<String, String> headers = new HashMap<>();
        for (String line = readLine(in, budget); !line.isEmpty(); line = readLine(in, budget)) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new Refused("malformed header line");
            }
            String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            headers.merge(name, value, (a, b) -> a + "," + b);
        }
        return headers;
    }

    private byte[] readChunked(InputStream in, int[] budget) throws IOException, Refused {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String line = readLine(in, budget);
            int semicolon = line.indexOf(';');
            String hex = (semicolon >= 0 ? line.substring(0, semicolon) : line).strip();
            long size;
            try {
                size = hex.isEmpty() || hex.length() > 8 ? -1 : Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                size = -1;
            }
            if (size < 0) {
                throw new Refused("malformed chunk size");
            }
            if (size == 0) {
                return body.toByteArray(); // trailers, if any, are irrelevant
            }
            if (body.size() + size > maxBytes) {
                throw new Refused("body exceeds " + maxBytes + " bytes");
            }
            byte[] chunk = in.readNBytes((int) size);
            if (chunk.length < size) {
                throw new EOFException("chunk cut short");
            }
            body.write(chunk);
            if (!readLine(in, budget).isEmpty()) {
                throw new Refused("malformed chunk");
            }
            budget[0] = MAX_HEADER_BYTES; // the budget guards each framing line, not the body
        }
    }

    private long parseLength(String value) throws Refused {
        String s = value.strip();
        if (s.indexOf(',') >= 0) {
            // A repeated header: acceptable only if every copy agrees.
            String[] parts = s.split(",");
            for (String part : parts) {
                if (!part.strip().equals(parts[0].strip())) {
                    throw new Refused("conflicting Content-Length");
                }
            }
            s = parts[0].strip();
        }
        if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new Refused("malformed Content-Length");
        }
        return Long.parseLong(s);
    }

    /** One CRLF- (or LF-) terminated line as ISO-8859-1, within the line and header budgets. */
    private static String readLine(InputStream in, int[] budget) throws IOException, Refused {
        StringBuilder line = new StringBuilder();
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new EOFException("connection closed mid-response");
            }
            if (--budget[0] < 0 || line.length() >= MAX_LINE) {
                throw new Refused("response headers too large");
            }
            if (c == '\n') {
                int end = line.length();
                if (end > 0 && line.charAt(end - 1) == '\r') {
                    line.setLength(end - 1);
                }
                return line.toString();
            }
            line.append((char) c);
        }
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

    /** What to connect to and what to send, derived from the URL once. */
    private record Target(boolean https, String lookupHost, int port, String request) {

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
            int defaultPort = https ? 443 : 80;
            int port = uri.getPort() < 0 ? defaultPort : uri.getPort();
            if (port < 1 || port > 65_535) {
                throw new Refused("invalid port");
            }
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
            if (!target.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
                throw new Refused("illegal characters in URL");
            }
            // URI keeps IPv6 literals bracketed: right for the Host header, not for resolving.
            String lookupHost = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            String hostHeader = port == defaultPort ? host : host + ":" + port;
            String request = "GET " + target + " HTTP/1.1\r\n"
                    + "Host: " + hostHeader + "\r\n"
                    + "User-Agent: " + USER_AGENT + "\r\n"
                    + "Accept: image/*\r\n"
                    + "Accept-Encoding: identity\r\n"
                    + "Connection: close\r\n"
                    + "\r\n";
            return new Target(https, lookupHost, port, request);
        }
    }

    /** Sets the socket timeout before every read to what is left of the response deadline. */
    private static final class DeadlineInput extends InputStream {
        private final Socket socket;
        private final InputStream in;
        private final long deadline;

        DeadlineInput(Socket socket, long deadline) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.deadline = deadline;
        }

        @Override
        public int read() throws IOException {
            socket.setSoTimeout(remainingMillis(deadline));
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            socket.setSoTimeout(remainingMillis(deadline));
            return in.read(b, off, len);
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
