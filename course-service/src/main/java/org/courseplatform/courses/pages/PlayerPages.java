package org.courseplatform.courses.pages;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The learner pages' addresses. Quinoa serves the built files of {@code src/main/webui} under
 * {@code /play} ({@code /play/course.html}, {@code /play/assets/…}); this maps the public page
 * addresses {@code /play/course} and {@code /play/screen} to them, and answers a small HTML 404
 * page for any other {@code /play} path Quinoa has no file for.
 */
@ApplicationScoped
public class PlayerPages {

    static final String NOT_FOUND_PAGE = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Page not found</title>
            <style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#111827;
            display:grid;place-items:center;min-height:100vh;margin:0;padding:24px;box-sizing:border-box}
            main{max-width:440px;background:#fff;border-radius:18px;padding:32px 28px;text-align:center;
            box-shadow:0 4px 16px rgba(17,24,39,.06)}h1{font-size:1.4rem;margin:0 0 8px}p{margin:0;color:#374151}</style>
            </head><body><main><h1>Page not found</h1>
            <p>There is no page at this address. Open the course or quiz from the link you were given.</p>
            </main></body></html>
            """;

    void routes(@Observes Router router) {
        router.get("/play/course").order(-100).handler(rc -> rc.reroute("/play/course.html"));
        router.get("/play/screen").order(-100).handler(rc -> rc.reroute("/play/screen.html"));
        // After Quinoa's handler (which serves the files it has and passes on the rest).
        router.route("/play/*").order(Integer.MAX_VALUE - 100).handler(rc -> rc.response()
                .setStatusCode(404)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(NOT_FOUND_PAGE));
    }
}
