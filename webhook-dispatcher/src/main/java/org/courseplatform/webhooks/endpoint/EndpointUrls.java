package org.courseplatform.webhooks.endpoint;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.webhooks.security.AddressPolicy;

/**
 * Checks a subscriber's URL when it is saved: an absolute {@code https://} URL with a host, no
 * credentials and no fragment. A host given as an IP literal is checked against the address
 * policy at once; host names are resolved and checked by {@link EndpointHosts} when saved, and
 * again at every send.
 */
public final class EndpointUrls {

    static final int MAX_LENGTH = 2048;

    private EndpointUrls() {}

    /** The URL as stored (scheme and host lower-cased), or a 400 naming {@code url}. */
    public static String normalise(String raw, AddressPolicy policy) {
        if (raw == null || raw.isBlank()) {
            throw ApiException.invalid("url", "is required");
        }
        String url = raw.strip();
        if (url.length() > MAX_LENGTH) {
            throw ApiException.invalid("url", "must be at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw ApiException.invalid("url", "is not a valid URL");
        }
        if (!uri.isAbsolute() || uri.isOpaque()) {
            throw ApiException.invalid("url", "must be an absolute https:// URL");
        }
        if (!"https".equalsIgnoreCase(uri.getScheme())) {
            throw ApiException.invalid("url", "must use https://");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw ApiException.invalid("url", "must name a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw ApiException.invalid("url", "must not contain credentials");
        }
        if (uri.getRawFragment() != null) {
            throw ApiException.invalid("url", "must not contain a fragment");
        }
        if (uri.getPort() == 0) {
            throw ApiException.invalid("url", "has an invalid port");
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (AddressPolicy.isLiteral(bare)) {
            try {
                String refusal = policy.refusal(InetAddress.getByName(bare));
                if (refusal != null) {
                    throw ApiException.invalid(
                            "url", "points to a " + refusal + " address, which webhooks may not use");
                }
            } catch (UnknownHostException e) {
                throw ApiException.invalid("url", "is not a valid URL");
            }
        }
        StringBuilder normal = new StringBuilder("https://").append(host.toLowerCase(Locale.ROOT));
        if (uri.getPort() > 0) {
            normal.append(':').append(uri.getPort());
        }
        normal.append(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
        if (uri.getRawQuery() != null) {
            normal.append('?').append(uri.getRawQuery());
        }
        return normal.toString();
    }
}
