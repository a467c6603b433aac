package org.courseplatform.scorm.player;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;
import org.courseplatform.scorm.config.ScormConfig;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The content origin ({@code scorm.player.content-origin}): the host names that serve the launch
 * page, the player, the package's files and the runtime, never the API's origin. A base URL such as
 * {@code https://scorm-content.example.net}, or with {@code {session}} as its first host label
 * ({@code https://{session}.scorm-content.example.net}), which gives every launch a host, and so an
 * origin, of its own. The label is the embed token's {@code jti} (32 hex digits): host names travel
 * in clear (DNS, TLS SNI), so the label is nothing secret, and the session id stays in the path.
 *
 * <p>Checked at start-up: a content origin on the API's host, or a wildcard that covers it, stops
 * the service; one that shares the API host's parent domain is logged as a warning, since a package
 * could set cookies for that domain.
 */
@ApplicationScoped
@Startup
public class ContentOrigin {

    private static final Logger LOG = Logger.getLogger(ContentOrigin.class);

    /** The placeholder of the per-launch host label. */
    public static final String SESSION = "{session}";

    private static final Pattern LABEL = Pattern.compile("[0-9a-f]{32}");

    private final String scheme;
    /** The host without the label (per launch: what follows {@code {session}.}). */
    private final String host;

    private final int port;
    private final boolean perLaunch;

    public ContentOrigin(ScormConfig config, @ConfigProperty(name = "platform.public-base-url") String publicBaseUrl) {
        String template = config.player().contentOrigin().strip().replaceAll("/+$", "");
        perLaunch = template.contains(SESSION);
        int at = template.indexOf("://");
        if (at < 0
                || perLaunch
                        && (!template.startsWith(SESSION + ".", at + 3) || template.indexOf(SESSION, at + 4) >= 0)) {
            throw invalid(
                    template, perLaunch ? "{session} may only stand as the first label of the host name" : "not a URL");
        }
        URI uri;
        try {
            uri = URI.create(perLaunch ? template.replace(SESSION, "0".repeat(32)) : template);
        } catch (IllegalArgumentException e) {
            throw invalid(template, e.getMessage());
        }
        scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")
                || uri.getHost() == null
                || uri.getRawUserInfo() != null
                || !uri.getRawPath().isEmpty()
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw invalid(template, "an http(s) base URL with a host name and nothing after it");
        }
        String full = uri.getHost().toLowerCase(Locale.ROOT);
        host = perLaunch ? full.substring(33) : full;
        port = uri.getPort();
        String api = hostName(URI.create(publicBaseUrl.strip()).getRawAuthority());
        if (covers(api)) {
            throw invalid(
                    template,
                    "it names the API's host (" + api + " of platform.public-base-url); package content on "
                            + "the API's origin is what the content origin exists to prevent");
        }
        if (sharesParentDomain(api, host)) {
            LOG.warnf(
                    "scorm.player.content-origin %s shares its parent domain with the API host %s: a package can set cookies "
                            + "for that domain, which browsers then send to the API host. Prefer a registrable domain of its own.",
                    template, api);
        }
    }

    /** Whether each launch gets a host of its own ({@code {session}} in the template). */
    public boolean perLaunch() {
        return perLaunch;
    }

    /** The host name of a launch whose token has this {@code jti}. */
    public String host(String jti) {
        return perLaunch ? jti + "." + host : host;
    }

    /** The origin ({@code scheme://host[:port]}) of a launch. */
    public String origin(String jti) {
        return scheme + "://" + host(jti) + (port < 0 ? "" : ":" + port);
    }

    /** Whether a request's {@code Host} header names some launch's content host. */
    public boolean isContentHost(String hostHeader) {
        String name = hostName(hostHeader);
        if (name == null) {
            return false;
        }
        if (!perLaunch) {
            return name.equals(host);
        }
        return name.length() == 33 + host.length()
                && name.endsWith("." + host)
                && LABEL.matcher(name.substring(0, 32)).matches();
    }

    /** Whether a request's {@code Host} header names exactly this host (ports are not compared). */
    public static boolean isHost(String hostHeader, String expected) {
        String name = hostName(hostHeader);
        return name != null && name.equals(expected);
    }

    /** A token id that can be a host label here. */
    public static boolean isLabel(String jti) {
        return jti != null && LABEL.matcher(jti).matches();
    }

    /** The host name of a {@code Host} header or URL authority: lower case, without port. */
    static String hostName(String authority) {
        if (authority == null || authority.isBlank()) {
            return null;
        }
        String a = authority.strip().toLowerCase(Locale.ROOT);
        int at = a.lastIndexOf('@');
        if (at >= 0) {
            a = a.substring(at + 1);
        }
        if (a.startsWith("[")) {
            int end = a.indexOf(']');
            return end < 0 ? null : a.substring(0, end + 1);
        }
        int colon = a.indexOf(':');
        a = colon < 0 ? a : a.substring(0, colon);
        return a.endsWith(".") ? a.substring(0, a.length() - 1) : a;
    }

    /** Whether the content host (or, per launch, any label under it) can be this API host. */
    private boolean covers(String api) {
        if (api == null) {
            return false;
        }
        return api.equals(host)
                || perLaunch && api.endsWith("." + host) && api.indexOf('.') == api.length() - host.length() - 1;
    }

    /** The last two labels agree (a heuristic: the Public Suffix List is not consulted). */
    private static boolean sharesParentDomain(String api, String content) {
        if (api == null
                || api.startsWith("[")
                || api.matches("[0-9.]+")
                || api.equals("localhost")
                || api.endsWith(".localhost")) {
            return false;
        }
        return lastTwo(api) != null && lastTwo(api).equals(lastTwo(content));
    }

    private static String lastTwo(String host) {
        String[] labels = host.split("\\.");
        return labels.length < 2 ? null : labels[labels.length - 2] + "." + labels[labels.length - 1];
    }

    private static IllegalStateException invalid(String template, String why) {
        return new IllegalStateException(
                "scorm.player.content-origin (SCORM_PLAYER_CONTENT_ORIGIN) '" + template + "' is not usable: " + why);
    }
}
