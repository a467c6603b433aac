package org.courseplatform.platform.web;

import io.quarkus.logging.Log;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import io.quarkus.runtime.configuration.MemorySize;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.util.UUID;

/**
 * Gives the error shape to answers that never reach a JAX-RS resource: a path no endpoint
 * owns, a body over the size limit, a failure inside Vert.x itself.
 */
@ApplicationScoped
public class RouterErrors {

    void install(@Observes Router router,
            @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K") MemorySize maxBody) {
        long limit = maxBody.asLongValue();
        router.route().order(Integer.MIN_VALUE).handler(ctx -> refuseOversizedBody(ctx, limit));
        router.route().order(Integer.MIN_VALUE).failureHandler(RouterErrors::failure);
        router.route().last().handler(ctx -> write(ctx, ErrorCode.NOT_FOUND, "No resource at " + ctx.normalizedPath()));
    }

    /** Refuses an announced body over the limit from its headers, before reading any of it. */
    private static void refuseOversizedBody(RoutingContext ctx, long limit) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > limit) {
                    ctx.response().setStatusCode(413)
                            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                            .putHeader(HttpHeaders.CONNECTION, "close")
                            .end(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE,
                                    "The request body is larger than the " + limit + " bytes this service accepts", null).toJson())
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
        if (ctx.response().ended() || ctx.response().headWritten()) {
            ctx.next();
            return;
        }
        int status = ctx.statusCode();
        Throwable failure = ctx.failure();
        if (status == 413 || failure != null && failure.getClass().getSimpleName().contains("TooLarge")) {
            write(ctx, ErrorCode.PAYLOAD_TOO_LARGE, "The request body is larger than this endpoint accepts");
        } else if (status >= 400 && status < 500) {
            ErrorCode code = ErrorCode.forStatus(status);
            write(ctx, code, ErrorMappers.defaultMessage(code));
        } else if (status == 503) {
            write(ctx, ErrorCode.UNAVAILABLE, ErrorMappers.defaultMessage(ErrorCode.UNAVAILABLE));
        } else {
            String incident = UUID.randomUUID().toString();
            Log.errorf(failure, "Unexpected failure on %s %s, incident %s", ctx.request().method(), ctx.normalizedPath(), incident);
            write(ctx, ErrorCode.INTERNAL, "An unexpected error occurred; quote incident " + incident + " to support");
        }
    }

    static void write(RoutingContext ctx, ErrorCode code, String message) {
        ctx.response().setStatusCode(code.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(ApiError.of(code, message, null).toJson());
    }
}
