package org.courseplatform.courses.player;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.SecurityHeaders;
import org.jboss.logging.Logger;

/**
 * The learner and author pages ({@code /play/**}). Their built files (src/main/webui) are static
 * resources under {@code /play}; this maps the public addresses {@code /play/course},
 * {@code /play/screen}, {@code /play/builder}, {@code /play/screen-editor}, {@code /play/share} and {@code /play/lms} to them, answers a small HTML 404 page for any other {@code /play} path, and gives the pages
 * their Content-Security-Policy: their own scripts, styles (inline allowed), images and media from
 * anywhere over https, API calls to this origin only (the builder and the screen editor also to
 * the S3 origin media uploads go to, {@code courses.media.upload-origin}), and framing by the workspace's frame
 * ancestors. Every page URL the platform hands out names its workspace in the query
 * ({@code ?w=<workspaceId>}); a request with a valid {@code w} is framed by that workspace's list
 * ({@link EmbedSettingsService}: cached for up to 30 s, loaded without blocking the event loop, and
 * {@code player.frame-ancestors} for a workspace that never set one). A request without or with a
 * malformed {@code w} names no workspace whose list could apply, so its page may not be framed
 * ({@code 'none'}): dropping {@code w} from an embed URL must not widen who may frame it. If the
 * list cannot be read the page may not be framed either. It replaces the API's
 * {@code default-src 'none'} that {@link SecurityHeaders} gives every other answer. The media
 * library's files ({@code /play/media/**}) are no pages: they pass to the REST layer untouched.
 */
@ApplicationScoped
public class PlayerPages {

    static final String PREFIX = "/play";
    /** The public addresses of the pages, each answered by its built {@code <name>.html}. */
    static final String COURSE = PREFIX + "/course";

    static final String SCREEN = PREFIX + "/screen";
    static final String BUILDER = PREFIX + "/builder";
    static final String SCREEN_EDITOR = PREFIX + "/screen-editor";
    /** The public share link page (org.courseplatform.courses.share). */
    static final String SHARE = PREFIX + "/share";
    /** The live course a dynamic SCORM package's launcher frames in the LMS (docs/scorm-runtime.md). */
    static final String LMS = PREFIX + "/lms";
    /** The media library's public files (org.courseplatform.courses.media), answered by the REST layer. */
    static final String MEDIA = PREFIX + "/media/";

    static final String WORKSPACE_PARAM = "w";
    private static final String POLICY_CHOSEN = PlayerPages.class.getName() + ".policy";

    private static final Logger LOG = Logger.getLogger(PlayerPages.class);
    private static final Pattern WORKSPACE_ID = Pattern.compile("[1-9][0-9]{0,17}");

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

    /** The policy of a page that names no workspace: it may not be framed. */
    static final String UNFRAMED = policy("'none'");

    private final EmbedSettingsService settings;
    /** Where the builder's pages send media uploads (presigned PUTs to S3): their extra {@code connect-src}. */
    private final String uploadOrigin;

    public PlayerPages(EmbedSettingsService settings, UploadOrigin uploads) {
        this.settings = settings;
        this.uploadOrigin = uploads.origin();
    }

    static String policy(String frameAncestors) {
        return policy(frameAncestors, null);
    }

    /** The page policy; {@code uploadOrigin} (the builder and the screen editor only) may also be called. */
    static String policy(String frameAncestors, String uploadOrigin) {
        return "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self' 'unsafe-inline'; "
                + "script-src 'self'; connect-src 'self'" + (uploadOrigin == null ? "" : " " + uploadOrigin)
                + "; frame-ancestors " + frameAncestors.strip();
    }

    /** Whether the page edits (the builder, the screen editor), and so uploads media. */
    private static boolean editing(String path) {
        return path.equals(BUILDER) || path.equals(SCREEN_EDITOR);
    }

    private static boolean media(String path) {
        return path != null && path.startsWith(MEDIA);
    }

    /**
     * Whether a request is for the media library's files, by its path as sent or as normalised: a
     * file address whose token is a dot segment ({@code /play/media/%2e%2e/x}) normalises out of
     * {@code /play/media/}, and its caller, an API client, still gets the REST layer's JSON 404.
     */
    private static boolean media(RoutingContext rc) {
        return media(rc.request().path()) || media(rc.normalizedPath());
    }

    /** The workspace id of {@code ?w=}, or null when absent or not a positive number. */
    static Long workspaceId(String value) {
        return value != null && WORKSPACE_ID.matcher(value).matches() ? Long.valueOf(value) : null;
    }

    private static void secure(RoutingContext ctx, String policy) {
        ctx.put(POLICY_CHOSEN, policy);
        ctx.addHeadersEndHandler(done -> ctx.response()
                .headers()
                .set(SecurityHeaders.CONTENT_SECURITY_POLICY, policy)
                .set("Referrer-Policy", "no-referrer"));
        ctx.next();
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(ctx -> {
            String path = ctx.request().path();
            if (path == null || !path.equals(PREFIX) && !path.startsWith(PREFIX + "/") || media(path)) {
                ctx.next();
                return;
            }
            // A page's reroute to its file (which drops the query) passes here again: keep the policy chosen.
            String chosen = ctx.get(POLICY_CHOSEN);
            if (chosen != null) {
                secure(ctx, chosen);
                return;
            }
            String upload = editing(path) ? uploadOrigin : null;
            Long workspaceId = workspaceId(ctx.request().getParam(WORKSPACE_PARAM));
            if (workspaceId == null) {
                secure(ctx, upload == null ? UNFRAMED : policy("'none'", upload));
                return;
            }
            CompletableFuture<String> ancestors = settings.frameAncestors(workspaceId);
            if (ancestors.isDone() && !ancestors.isCompletedExceptionally()) {
                secure(ctx, policy(ancestors.join(), upload));
                return;
            }
            Context context = Vertx.currentContext();
            ctx.request().pause();
            ancestors.whenComplete((value, failure) -> context.runOnContext(v -> {
                if (failure != null) {
                    LOG.warnf(
                            failure,
                            "Could not read the frame ancestors of workspace %d; the page may not be framed",
                            workspaceId);
                }
                ctx.request().resume();
                secure(ctx, policy(failure == null ? value : "'none'", upload));
            }));
        });
        // A page whose file the build did not produce (the front-end build makes them) answers the 404 page.
        for (String page : List.of(COURSE, SCREEN, BUILDER, SCREEN_EDITOR, SHARE, LMS)) {
            if (built(page + ".html")) {
                router.get(page).order(-100).handler(rc -> rc.reroute(page + ".html"));
            } else {
                LOG.warnf("%s.html is not among the built pages: %s answers 404", page, page);
                router.get(page).order(-100).handler(PlayerPages::notFound);
            }
        }
        // Any other path under /play that is not a built file answers the 404 page, before the REST
        // layer could answer it with its JSON 404. Built files pass on to the static files handler.
        router.route(PREFIX + "/*").order(-99).handler(rc -> {
            if (media(rc) || built(rc.normalizedPath())) {
                rc.next();
            } else {
                notFound(rc);
            }
        });
        router.route(PREFIX + "/*").order(Integer.MAX_VALUE - 100).handler(rc -> {
            if (media(rc)) {
                rc.next();
            } else {
                notFound(rc);
            }
        });
    }

    private static void notFound(RoutingContext rc) {
        rc.response()
                .setStatusCode(404)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(NOT_FOUND_PAGE);
    }

    /**
     * Whether the front-end build produced this file (a static resource under META-INF/resources).
     * A lookup in the application's resource index, not a file system walk.
     */
    private static boolean built(String path) {
        if (path == null || path.endsWith("/") || path.contains("..")) {
            return false;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return (loader != null ? loader : PlayerPages.class.getClassLoader()).getResource("META-INF/resources" + path)
                != null;
    }
}
