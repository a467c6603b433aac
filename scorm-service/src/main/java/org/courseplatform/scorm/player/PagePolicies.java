package org.courseplatform.scorm.player;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.regex.Pattern;
import org.courseplatform.scorm.config.ScormConfig;

/**
 * The Content-Security-Policy of what the content origin serves. The pages run only the player's
 * own scripts and styles (files under {@code /scorm/assets}, nothing inline, nothing from another
 * host), talk only to their own origin and frame only their own origin's files (the SCOs); who may
 * frame them is {@code scorm.player.frame-ancestors}. Package files are the tenant's content and get
 * no script or style restriction; only the same framing rule, widened by {@code 'self'} for the
 * player that frames them. Every other answer of the service gets the API policy of platform-web
 * ({@code default-src 'none'; frame-ancestors 'none'}).
 */
@ApplicationScoped
@Startup
public class PagePolicies {

    /** Host sources, schemes, {@code *} and keywords, space-separated: no {@code ;} or {@code ,} that would end the directive. */
    private static final Pattern SOURCES =
            Pattern.compile("[\\x21-\\x2b\\x2d-\\x3a\\x3c-\\x7e]+( [\\x21-\\x2b\\x2d-\\x3a\\x3c-\\x7e]+)*");

    private static final String PAGE = "default-src 'none'; base-uri 'none'; form-action 'none'; ";

    private final String ancestors;

    public PagePolicies(ScormConfig config) {
        String value = config.player().frameAncestors().strip().replaceAll("\\s+", " ");
        if (!SOURCES.matcher(value).matches()) {
            throw new IllegalStateException("scorm.player.frame-ancestors (SCORM_PLAYER_FRAME_ANCESTORS) '" + value
                    + "' is not a list of CSP sources: space-separated, without ';' or ','");
        }
        ancestors = value;
    }

    /** The player: scorm-again and player.js, its style sheet, the runtime, and SCO frames of its own origin. */
    public String player() {
        return PAGE + "script-src 'self'; style-src 'self'; connect-src 'self'; frame-src 'self'; frame-ancestors "
                + ancestors;
    }

    /** The launch page: launch.js posts the token to its own origin. */
    public String launch() {
        return PAGE + "script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors " + ancestors;
    }

    /** The read-only overview: no script at all. */
    public String overview() {
        return PAGE + "style-src 'self'; frame-ancestors " + ancestors;
    }

    /** A package file: framed by the player (its own origin) inside whatever may frame the player. */
    public String content() {
        return "frame-ancestors 'self' " + ancestors;
    }
}
