package org.courseplatform.platform.web;

import io.vertx.ext.web.Router;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Gives every answer of every service a Content-Security-Policy unless the endpoint set its own:
 * {@code default-src 'none'; frame-ancestors 'none'}. The API answers JSON (and images and files
 * that are downloaded, not rendered as pages), so a browser that opens one as a document may run
 * nothing, load nothing and frame it nowhere. Pages that are meant to be framed, such as the SCORM
 * player on its content origin, set their own policy, which this leaves alone. {@code /q/**}
 * (health, metrics, OpenAPI, and the dev UI in dev mode) is left as Quarkus serves it.
 */
@ApplicationScoped
public class SecurityHeaders {

    public static final String CONTENT_SECURITY_POLICY = "Content-Security-Policy";
    public static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";

    /** Registered before RouterErrors' handlers (same order, earlier observer), so their refusals carry it too. */
    void install(@Observes @Priority(1) Router router) {
        router.route().order(Integer.MIN_VALUE).handler(ctx -> {
            String path = ctx.request().path();
            if (path == null || !path.startsWith("/q/")) {
                ctx.addHeadersEndHandler(done -> {
                    if (!ctx.response().headers().contains(CONTENT_SECURITY_POLICY)) {
                        ctx.response().headers().set(CONTENT_SECURITY_POLICY, API_POLICY);
                    }
                });
            }
            ctx.next();
        });
    }
}
