package org.courseplatform.webhooks.delivery;

import io.netty.channel.ConnectTimeoutException;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.net.TrustOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.courseplatform.platform.web.Workers;
import org.courseplatform.platform.web.net.PinnedHttpClient;
import org.courseplatform.webhooks.WebhooksConfig;
import org.courseplatform.webhooks.security.AddressPolicy;
import org.courseplatform.webhooks.security.TrustStores;

/**
 * Sends one webhook request through platform-web's {@link PinnedHttpClient}, never blocking the
 * event loop. The host is resolved at send time (on a worker thread), every address it resolves to
 * must pass the {@link AddressPolicy}, and the connection goes to the checked address itself while
 * TLS (SNI and certificate check) and {@code Host} use the name, so a DNS answer that changes after
 * the check reaches nothing unchecked. Redirects are not followed; the whole attempt has one deadline.
 */
@ApplicationScoped
public class WebhookClient {

    private final PinnedHttpClient client;
    private final AddressPolicy policy;
    private final long timeoutMillis;
    private final int maxResponseBytes;
    private final Map<String, Resolved> resolved = new ConcurrentHashMap<>();
    private static final long RESOLVED_NANOS = 5_000_000_000L;

    public WebhookClient(Vertx vertx, AddressPolicy policy, WebhooksConfig config) {
        this.policy = policy;
        this.timeoutMillis = config.timeout().toMillis();
        this.maxResponseBytes = config.sender().maxResponseBytes();
        HttpClientOptions options = new HttpClientOptions()
                .setTrustOptions(TrustOptions.wrap(
                        TrustStores.withExtraCas(config.trustCa().orElse(List.of()))))
                .setMaxPoolSize(Math.max(
                        config.sender().maxConnectionsPerHost(), config.sender().maxInFlightPerEndpoint()))
                .setMaxWaitQueueSize(-1)
                .setKeepAlive(true)
                .setKeepAliveTimeout(30)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis))
                .setName("webhooks");
        this.client = new PinnedHttpClient(vertx, options);
    }

    void close(@Observes ShutdownEvent event) {
        client.close();
    }

    /** What one attempt came to. {@code statusCode} is null when no answer arrived. */
    public record Outcome(Integer statusCode, String error, long durationMillis) {

        public boolean succeeded() {
            return error == null && statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    /** POSTs {@code body} to {@code url}; never fails: every problem is an unsuccessful outcome. */
    public Uni<Outcome> post(String url, Map<String, String> headers, String body) {
        long started = System.nanoTime();
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().item(new Outcome(null, "the URL is not valid", 0));
        }
        if (!"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            return Uni.createFrom().item(new Outcome(null, "the URL is not an https:// URL", 0));
        }
        String host = uri.getHost().startsWith("[")
                ? uri.getHost().substring(1, uri.getHost().length() - 1)
                : uri.getHost();
        int port = uri.getPort() > 0 ? uri.getPort() : 443;
        String target = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        return resolve(host)
                .chain(address -> address == null
                        ? Uni.createFrom()
                                .item(new Outcome(null, "the host " + host + " does not resolve", millisSince(started)))
                        : checkAndSend(host, address, port, target, headers, body, started))
                .onFailure()
                .recoverWithItem(e -> new Outcome(null, describe(e), millisSince(started)));
    }

    private Uni<Outcome> checkAndSend(
            String host,
            InetAddress[] addresses,
            int port,
            String target,
            Map<String, String> headers,
            String body,
            long started) {
        if (PinnedHttpClient.refused(addresses, address -> policy.refusal(address) == null) != null) {
            // Neither the address nor its kind: the log must not tell what internal names resolve to.
            return Uni.createFrom()
                    .item(new Outcome(
                            null, "refused: " + host + " resolves to a non-public address", millisSince(started)));
        }
        InetAddress chosen = addresses[0];
        for (InetAddress address : addresses) {
            if (address instanceof Inet4Address) {
                chosen = address;
                break;
            }
        }
        return send(host, chosen, port, target, headers, body, started);
    }

    /**
     * All addresses of the host; a literal needs no lookup. Lookups block, so they run on a
     * worker; answers are kept for a few seconds so a busy endpoint does not cost a thread hop
     * per request (the address policy is still applied to every request).
     */
    private Uni<InetAddress[]> resolve(String host) {
        Resolved cached = resolved.get(host);
        if (cached != null && cached.until() > System.nanoTime()) {
            return Uni.createFrom().item(cached.addresses());
        }
        return lookup(host).invoke(addresses -> {
            if (addresses != null) {
                if (resolved.size() > 10_000) {
                    resolved.clear();
                }
                resolved.put(host, new Resolved(addresses, System.nanoTime() + RESOLVED_NANOS));
            }
        });
    }

    private record Resolved(InetAddress[] addresses, long until) {}

    private Uni<InetAddress[]> lookup(String host) {
        return AddressPolicy.isLiteral(host)
                ? Uni.createFrom().item(() -> PinnedHttpClient.lookup(host))
                : Workers.call(() -> PinnedHttpClient.lookup(host));
    }

    private Uni<Outcome> send(
            String host,
            InetAddress address,
            int port,
            String target,
            Map<String, String> headers,
            String body,
            long started) {
        // One deadline for the whole attempt: connect, TLS, request and answer; the body is then drained.
        PinnedHttpClient.Request request =
                new PinnedHttpClient.Request(HttpMethod.POST, host, port, true, target, headers, Buffer.buffer(body));
        return UniHelper.toUni(client.send(
                        request,
                        List.of(address),
                        new PinnedHttpClient.Deadlines(timeoutMillis, timeoutMillis, 0),
                        PinnedHttpClient.Body.DISCARD,
                        maxResponseBytes))
                .map(response -> {
                    int status = response.status();
                    String error = status >= 300 && status < 400
                            ? "redirect (HTTP " + status + ") not followed"
                            : status >= 200 && status < 300 ? null : "HTTP " + status;
                    return new Outcome(status, error, millisSince(started));
                })
                .onFailure(PinnedHttpClient.DeadlineExceeded.class)
                .recoverWithItem(
                        e -> new Outcome(null, "timed out after " + timeoutMillis / 1000 + " s", millisSince(started)));
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** A short, non-secret reason for a failed attempt. */
    static String describe(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null
                && cause.getCause() != cause
                && !(cause instanceof SSLException)
                && !(cause instanceof ConnectException)) {
            cause = cause.getCause();
        }
        if (cause instanceof TimeoutException || cause instanceof ConnectTimeoutException) {
            return "timed out";
        }
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        if (cause instanceof SSLException) {
            return "TLS failed: " + oneLine(cause.getMessage());
        }
        if (cause instanceof UnknownHostException) {
            return "the host does not resolve";
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : oneLine(message);
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.replaceAll("\\s+", " ").strip();
        return line.length() > 300 ? line.substring(0, 300) : line;
    }
}
