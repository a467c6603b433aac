package org.courseplatform.platform.web;

import io.quarkus.logging.Log;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.security.AuthenticationException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.WebApplicationException;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Gives the error shape to answers that never reach a JAX-RS resource: a path no endpoint
 * owns, a body over the size limit, a request line too long, a malformed Content-Type, a NUL
 * character in the path or query, a form body that cannot be decoded, a failure inside Vert.x.
 */
@ApplicationScoped
public class RouterErrors {

    /**
     * Longest request line (method, path and query) a service answers; nginx's own default
     * buffer. Vert.x's decoder is configured to accept more (see microprofile-config), so that
     * a longer line reaches this check and gets the error shape instead of an empty 414.
     */
    static final int MAX_REQUEST_LINE = 8192;

    /** The challenge of a 401: every credential the platform takes other than API keys is a bearer token. */
    public static final String BEARER_CHALLENGE = "Bearer realm=\"course-platform\"";

    void install(
            @Observes Router router,
            @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K") MemorySize maxBody) {
        long limit = maxBody.asLongValue();
        router.route().order(Integer.MIN_VALUE).handler(ctx -> refuseOversizedBody(ctx, limit));
        router.route().order(Integer.MIN_VALUE).handler(RouterErrors::refuseMalformedRequest);
        router.route().order(Integer.MIN_VALUE).failureHandler(RouterErrors::failure);
        router.route().last().handler(ctx -> write(ctx, ErrorCode.NOT_FOUND, "No resource at " + ctx.normalizedPath()));
    }

    /**
     * Refuses, before any resource runs, what no endpoint can use: an overlong request line, a
     * NUL character in the path or a query value (PostgreSQL cannot store one), a query string
     * that is not valid percent-encoding, and a Content-Type that is not one media type.
     */
    private static void refuseMalformedRequest(RoutingContext ctx) {
        String uri = ctx.request().uri();
        if (uri.length() > MAX_REQUEST_LINE) {
            writeAndClose(
                    ctx,
                    ErrorCode.URI_TOO_LONG,
                    "The request line is longer than the " + MAX_REQUEST_LINE + " characters this service accepts");
            return;
        }
        String path = ctx.request().path();
        if (path != null && (path.indexOf('\0') >= 0 || containsEncodedNul(path))) {
            write(ctx, ErrorCode.BAD_REQUEST, "The path must not contain NUL characters");
            return;
        }
        if (ctx.request().query() != null) {
            try {
                for (var param : ctx.queryParams()) {
                    if (param.getValue().indexOf('\0') >= 0 || param.getKey().indexOf('\0') >= 0) {
                        String name = param.getKey().indexOf('\0') >= 0 ? "query" : param.getKey();
                        writeInvalid(ctx, name, NulCharacters.PROBLEM);
                        return;
                    }
                }
            } catch (RuntimeException e) {
                write(ctx, ErrorCode.BAD_REQUEST, "The query string is not valid percent-encoding");
                return;
            }
        }
        String contentType = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType != null && !MediaTypes.isSingleMediaType(contentType)) {
            write(
                    ctx,
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Type must be one media type such as application/json; got "
                            + MediaTypes.quote(contentType));
            return;
        }
        String charset = contentType == null ? null : MediaTypes.charset(contentType);
        if (charset != null && !MediaTypes.isSupportedCharset(charset)) {
            write(
                    ctx,
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Type names a charset this API cannot read: " + MediaTypes.quote(charset));
            return;
        }
        ctx.next();
    }

    private static boolean containsEncodedNul(String path) {
        for (int i = path.indexOf('%'); i >= 0 && i + 2 < path.length(); i = path.indexOf('%', i + 1)) {
            if (path.charAt(i + 1) == '0' && path.charAt(i + 2) == '0') {
                return true;
            }
        }
        return false;
    }

    /** Refuses an announced body over the limit from its headers, before reading any of it. */
    private static void refuseOversizedBody(RoutingContext ctx, long limit) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > limit) {
                    ctx.response()
                            .setStatusCode(413)
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .putHeader(HttpHeaders.CONNECTION, "close")
                            .end(ApiError.of(
                                            ErrorCode.PAYLOAD_TOO_LARGE,
                                            "The request body is larger than the " + limit
                                                    + " bytes this service accepts",
                                            null)
                                    .toJson())
                            .onComplete(done -> ctx.request().connection().close());
                    return;
                }
            } catch (NumberFormatException e) {
                write(ctx, ErrorCode.BAD_REQUEST, "Content-Length is not a number");
                return;
            }
        }
        ctx.next();
    }

    private static void failure(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        int status = failure instanceof WebApplicationException web && web.getResponse() != null
                ? web.getResponse().getStatus()
                : ctx.statusCode();
        boolean tooLarge = status == 413
                || failure != null && failure.getClass().getSimpleName().contains("TooLarge");
        if (ctx.response().ended() || ctx.response().headWritten()) {
            if (ctx.get(DRAINING) != null) {
                // Answered here already; the REST layer's leftover work on the body fails late.
                Log.debugf("Late failure of an answered request: %s", failure);
                return;
            }
            if (tooLarge
                    || !ctx.request().isEnded()
                    || MalformedBodies.isMalformedBody(failure)
                    || MalformedBodies.isTooManyFields(failure)) {
                // The body parser fails again on every further chunk of a body that was already
                // answered. Close the connection: left open, the rest of the body would be read
                // (and logged) chunk by chunk, and a proxy reusing the connection would see its
                // next request hang behind it.
                Log.debugf("Draining the body of an answered request that still fails: %s", failure);
                drainThenClose(ctx, Future.succeededFuture());
                return;
            }
            ctx.next();
            return;
        }
        if (failure instanceof ApiException e) {
            e.headers().forEach((name, value) -> ctx.response().putHeader(name, value));
            ctx.response()
                    .setStatusCode(e.code().status())
                    .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .end(e.toBody().toJson());
        } else if (failure instanceof AuthenticationException || failure instanceof UnauthorizedException) {
            // A bad credential on a route outside JAX-RS (the MCP endpoint): the same 401 and
            // challenge the REST layer answers.
            ctx.response().putHeader("WWW-Authenticate", BEARER_CHALLENGE);
            write(
                    ctx,
                    ErrorCode.UNAUTHORIZED,
                    failure.getMessage() == null || failure.getMessage().isBlank()
                            ? ErrorMappers.defaultMessage(ErrorCode.UNAUTHORIZED)
                            : failure.getMessage());
        } else if (failure instanceof ForbiddenException) {
            write(ctx, ErrorCode.FORBIDDEN, ErrorMappers.defaultMessage(ErrorCode.FORBIDDEN));
        } else if (MalformedBodies.isTooManyFields(failure)) {
            writeAndClose(ctx, ErrorCode.PAYLOAD_TOO_LARGE, MalformedBodies.TOO_MANY_FIELDS);
        } else if (tooLarge) {
            // The rest of the body would only fail again chunk by chunk: stop reading it.
            writeAndClose(
                    ctx,
                    ErrorCode.PAYLOAD_TOO_LARGE,
                    "The request body, or one of its form fields, is larger than this endpoint accepts");
        } else if (MalformedBodies.isMalformedBody(failure)) {
            writeAndClose(ctx, ErrorCode.BAD_REQUEST, MalformedBodies.MESSAGE);
        } else if (status >= 400 && status < 500) {
            ErrorCode code = ErrorCode.forStatus(status);
            write(ctx, code, ErrorMappers.defaultMessage(code));
        } else if (status == 503) {
            write(ctx, ErrorCode.UNAVAILABLE, ErrorMappers.defaultMessage(ErrorCode.UNAVAILABLE));
        } else {
            String incident = UUID.randomUUID().toString();
            Log.errorf(
                    failure,
                    "Unexpected failure on %s %s, incident %s",
                    ctx.request().method(),
                    ctx.normalizedPath(),
                    incident);
            write(ctx, ErrorCode.INTERNAL, "An unexpected error occurred; quote incident " + incident + " to support");
        }
    }

    private static void writeInvalid(RoutingContext ctx, String field, String problem) {
        ApiException e = ApiException.invalid(field, problem);
        ctx.response()
                .setStatusCode(400)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(e.toBody().toJson());
    }

    /**
     * Answers with {@code Connection: close}, then reads and drops the rest of the body before
     * closing: a request whose body was refused part-way cannot carry another request, but
     * closing while a proxy is still sending the body makes the proxy's write fail, and it then
     * answers 502 instead of passing on this answer.
     */
    private static void writeAndClose(RoutingContext ctx, ErrorCode code, String message) {
        Future<Void> written = ctx.response()
                .setStatusCode(code.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(ApiError.of(code, message, null).toJson());
        drainThenClose(ctx, written);
    }

    /** Most bytes of a refused body read and dropped before the connection is closed anyway. */
    private static final long MAX_DRAIN_BYTES = 16L * 1024 * 1024;

    private static final long MAX_DRAIN_MILLIS = 10_000;
    private static final String DRAINING = RouterErrors.class.getName() + ".draining";

    /** Drops the rest of an answered request's body, then closes its connection (once). */
    private static void drainThenClose(RoutingContext ctx, Future<Void> written) {
        if (ctx.get(DRAINING) != null) {
            return;
        }
        ctx.put(DRAINING, Boolean.TRUE);
        HttpServerRequest request = ctx.request();
        Runnable close = () -> written.onComplete(done -> request.connection().close());
        if (request.isEnded()) {
            close.run();
            return;
        }
        long timer = ctx.vertx().setTimer(MAX_DRAIN_MILLIS, id -> close.run());
        long[] drained = {0};
        try {
            request.handler(chunk -> {
                drained[0] += chunk.length();
                if (drained[0] > MAX_DRAIN_BYTES) {
                    ctx.vertx().cancelTimer(timer);
                    close.run();
                }
            });
            request.endHandler(ended -> {
                ctx.vertx().cancelTimer(timer);
                close.run();
            });
            request.exceptionHandler(failure -> ctx.vertx().cancelTimer(timer));
            request.resume();
        } catch (IllegalStateException alreadyRead) {
            // A body handler of Vert.x's own owns the stream: it reads the rest, the timer closes.
            Log.debugf("Cannot drain the body: %s", alreadyRead.getMessage());
        }
    }

    /** Ends the request with the error shape; for routes outside JAX-RS. */
    public static void write(RoutingContext ctx, ErrorCode code, String message) {
        ctx.response()
                .setStatusCode(code.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(ApiError.of(code, message, null).toJson());
    }
}
