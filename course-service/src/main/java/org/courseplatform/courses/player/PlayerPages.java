package org.courseplatform.courses.player;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.courseplatform.platform.web.SecurityHeaders;

/**
 * The Content-Security-Policy of the player pages ({@code /play/**}): their own scripts, styles
 * (inline allowed), images and media from anywhere over https, API calls to this origin only, and
 * framing by {@code player.frame-ancestors} (default {@code *}). It replaces the API's
 * {@code default-src 'none'} that {@link SecurityHeaders} gives every other answer.
 */
@ApplicationScoped
public class PlayerPages {

    static final String PREFIX = "/play";

    private final String policy;

    public PlayerPages(PlayerConfig config) {
        this.policy = policy(config.frameAncestors());
    }

    static String policy(String frameAncestors) {
        return "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self' 'unsafe-inline'; "
                + "script-src 'self'; connect-src 'self'; frame-ancestors " + frameAncestors.strip();
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(ctx -> {
            String path = ctx.request().path();
            if (path != null && (path.equals(PREFIX) || path.startsWith(PREFIX + "/"))) {
                ctx.addHeadersEndHandler(done -> ctx.response().headers().set(SecurityHeaders.CONTENT_SECURITY_POLICY, policy));
            }
            ctx.next();
        });
    }
}
