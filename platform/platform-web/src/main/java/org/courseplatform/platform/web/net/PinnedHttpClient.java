package org.courseplatform.platform.web.net;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.io.Serial;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * Outbound HTTP to URLs that tenants or subscribers chose (server-side request forgery), with the
 * Vert.x client, never blocking the event loop. The caller resolves the host once and checks every
 * address ({@link #lookup}, {@link #refused}, by {@link PublicAddresses} or a widened rule); the
 * connection then goes to a checked address itself while TLS (SNI and certificate hostname check)
 * and {@code Host} use the name, so a DNS answer that changes after the check (rebinding, or a short
 * TTL) reaches nothing unchecked. Redirects are never followed, compressed answers are not
 * decoded, time and body size are bounded.
 */
public final class PinnedHttpClient {

    /** What happens to the answer's body. */
    public enum Body {
        /** The answer completes with status and headers; the body is read (up to the limit) and dropped, so the connection can be reused. */
        DISCARD,
        /** The answer completes with the body of a 2xx answer (at most the limit, else {@link TooLarge}); other answers without it. */
        KEEP
    }

    /** One request to a host by name; {@code uri} is the path and query. */
    public record Request(
            HttpMethod method,
            String host,
            int port,
            boolean ssl,
            String uri,
            Map<String, String> headers,
            Buffer body) {}

    /** The answer; {@code body} is null when not kept. */
    public record Response(int status, MultiMap headers, Buffer body) {}

    /**
     * Time limits in milliseconds, 0 for none: {@code connect} for connecting (to every address
     * tried, together), {@code total} from the start of the attempt, {@code response} from the
     * connection on, each until the answer is complete (its headers when the body is discarded).
     */
    public record Deadlines(long connect, long total, long response) {}

    /** A time limit of {@link Deadlines} passed. */
    public static final class DeadlineExceeded extends TimeoutException {
        @Serial
        private static final long serialVersionUID = 1L;

        DeadlineExceeded(long millis) {
            super("no complete answer within " + millis + " ms");
        }
    }

    /** The body of a kept answer is larger than the limit. */
    public static final class TooLarge extends RuntimeException {
        @Serial
        private static final long serialVersionUID = 1L;

        TooLarge(long limit) {
            super("body exceeds " + limit + " bytes", null, false, false);
        }
    }

    private final Vertx vertx;
    private final HttpClient client;

    /** A client with the caller's pool, trust and size settings; host verification and SNI are always on. */
    public PinnedHttpClient(Vertx vertx, HttpClientOptions options) {
        this.vertx = vertx;
        this.client = vertx.createHttpClient(new HttpClientOptions(options)
                .setVerifyHost(true)
                .setForceSni(true)
                .setDecompressionSupported(false));
    }

    public void close() {
        client.close();
    }

    /** Blocking: every address of the host by the system resolver (an IP literal as it is), or null when it does not resolve. */
    public static InetAddress[] lookup(String host) {
        try {
            InetAddress[] all = InetAddress.getAllByName(host);
            return all.length == 0 ? null : all;
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** The first address the rule does not allow, or null when it allows them all. */
    public static InetAddress refused(InetAddress[] addresses, Predicate<InetAddress> allowed) {
        for (InetAddress address : addresses) {
            if (!allowed.test(address)) {
                return address;
            }
        }
        return null;
    }

    /**
     * Sends the request to the first of the checked {@code addresses} that accepts a connection.
     * The future fails with the connection's, TLS's or the answer's error, {@link DeadlineExceeded}
     * or {@link TooLarge}.
     */
    public Future<Response> send(
            Request request, List<InetAddress> addresses, Deadlines deadlines, Body body, long maxBodyBytes) {
        Promise<Response> promise = Promise.promise();
        AtomicReference<HttpClientRequest> current = new AtomicReference<>();
        long totalTimer = timer(deadlines.total(), promise, current);
        long connectBy = System.nanoTime() + deadlines.connect() * 1_000_000L;
        connect(request, addresses, 0, connectBy, deadlines.connect() > 0, null).onComplete(connected -> {
            if (connected.failed()) {
                cancel(totalTimer);
                promise.tryFail(connected.cause());
                return;
            }
            HttpClientRequest r = connected.result();
            current.set(r);
            if (promise.future().isComplete()) {
                r.reset();
                return;
            }
            long responseTimer = timer(deadlines.response(), promise, current);
            Runnable done = () -> {
                cancel(totalTimer);
                cancel(responseTimer);
            };
            r.response().onComplete(answered -> {
                if (answered.failed()) {
                    done.run();
                    promise.tryFail(answered.cause());
                    return;
                }
                HttpClientResponse response = answered.result();
                int status = response.statusCode();
                if (body == Body.DISCARD || status < 200 || status >= 300) {
                    promise.tryComplete(new Response(status, response.headers(), null));
                    if (body == Body.KEEP) {
                        done.run();
                        response.exceptionHandler(e -> {});
                        r.reset();
                        return;
                    }
                    AtomicLong read = new AtomicLong();
                    response.handler(chunk -> {
                        if (read.addAndGet(chunk.length()) > maxBodyBytes) {
                            r.reset();
                        }
                    });
                    response.endHandler(v -> done.run());
                    response.exceptionHandler(e -> done.run());
                    return;
                }
                if (declaredLength(response) > maxBodyBytes) {
                    done.run();
                    promise.tryFail(new TooLarge(maxBodyBytes));
                    response.exceptionHandler(e -> {});
                    r.reset();
                    return;
                }
                Buffer collected = Buffer.buffer();
                response.handler(chunk -> {
                    if (promise.future().isComplete()) {
                        return;
                    }
                    if (collected.length() + (long) chunk.length() > maxBodyBytes) {
                        done.run();
                        promise.tryFail(new TooLarge(maxBodyBytes));
                        r.reset();
                        return;
                    }
                    collected.appendBuffer(chunk);
                });
                response.exceptionHandler(e -> {
                    done.run();
                    promise.tryFail(e);
                });
                response.endHandler(v -> {
                    done.run();
                    promise.tryComplete(new Response(status, response.headers(), collected));
                });
            });
            Future<Void> sent = request.body() == null ? r.end() : r.end(request.body());
            sent.onFailure(e -> {
                done.run();
                promise.tryFail(e);
            });
        });
        return promise.future();
    }

    /** Connects to the addresses in turn until one accepts, within the connect deadline. */
    private Future<HttpClientRequest> connect(
            Request request, List<InetAddress> addresses, int at, long connectBy, boolean bounded, Throwable last) {
        if (at == addresses.size()) {
            return Future.failedFuture(last == null ? new IllegalArgumentException("no address to connect to") : last);
        }
        long remaining = (connectBy - System.nanoTime()) / 1_000_000L;
        if (bounded && remaining <= 0) {
            return Future.failedFuture(last == null ? new DeadlineExceeded(0) : last);
        }
        InetAddress address = addresses.get(at);
        RequestOptions options = new RequestOptions()
                .setMethod(request.method())
                .setHost(request.host())
                .setPort(request.port())
                .setURI(request.uri())
                .setSsl(request.ssl())
                .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(address, request.port())))
                .setFollowRedirects(false);
        if (bounded) {
            options.setConnectTimeout(remaining);
        }
        request.headers().forEach(options::putHeader);
        return client.request(options).recover(e -> connect(request, addresses, at + 1, connectBy, bounded, e));
    }

    private long timer(long millis, Promise<Response> promise, AtomicReference<HttpClientRequest> current) {
        if (millis <= 0) {
            return -1;
        }
        return vertx.setTimer(millis, t -> {
            promise.tryFail(new DeadlineExceeded(millis));
            HttpClientRequest r = current.get();
            if (r != null) {
                r.reset(0, new DeadlineExceeded(millis));
            }
        });
    }

    private void cancel(long timer) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    private static long declaredLength(HttpClientResponse response) {
        String length = response.getHeader("Content-Length");
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
