package org.courseplatform.agent.consumer;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where the consumer MCP endpoint is and who vouches for its callers: the resource URL tokens
 * must name, the metadata URL its challenges point to, and the issuer. One place derives them
 * from configuration, so the challenge, the metadata document and token validation agree.
 */
@ApplicationScoped
public class ConsumerEndpoint {

    /** The OIDC tenant that validates the endpoint's tokens, and nothing else. */
    public static final String TENANT = "consumer-mcp";
    /** The endpoint's path (the named MCP server's root path). */
    public static final String PATH = "/mcp";
    /** The MCP server name its tools are registered under. */
    public static final String SERVER = "consumer";

    static final String METADATA_PATH = "/.well-known/oauth-protected-resource";

    private final Optional<String> issuer;
    private final String resource;
    private final String metadataUrl;
    private final Duration memberTtl;
    private final List<String> allowedOrigins;

    public ConsumerEndpoint(
            ConsumerMcpConfig config, @ConfigProperty(name = "platform.public-base-url") String publicBaseUrl) {
        this.issuer = config.issuer().map(String::strip).filter(s -> !s.isEmpty());
        this.resource = config.resource()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .orElse(trimSlash(publicBaseUrl.strip()) + PATH);
        String base = resource.endsWith(PATH)
                ? resource.substring(0, resource.length() - PATH.length())
                : trimSlash(publicBaseUrl.strip());
        this.metadataUrl = base + METADATA_PATH;
        this.memberTtl =
                config.memberTtl().compareTo(Duration.ofSeconds(15)) > 0 ? Duration.ofSeconds(15) : config.memberTtl();
        this.allowedOrigins = config.allowedOrigins().orElse(List.of());
    }

    /** Whether an authorization server is configured; without one the endpoint answers 503. */
    public boolean configured() {
        return issuer.isPresent();
    }

    public Optional<String> issuer() {
        return issuer;
    }

    /** The resource URL: every token's {@code aud} must contain it. */
    public String resource() {
        return resource;
    }

    /** The protected resource metadata URL the {@code WWW-Authenticate} challenge names. */
    public String metadataUrl() {
        return metadataUrl;
    }

    public Duration memberTtl() {
        return memberTtl;
    }

    public boolean originAllowed(String origin) {
        return origin == null || allowedOrigins.contains(origin);
    }

    /** The challenge of a request without a token (RFC 9728 section 5.1). */
    public String challenge() {
        return "Bearer resource_metadata=\"" + metadataUrl + "\"";
    }

    /** The challenge of a request whose token was refused (RFC 6750 section 3.1). */
    public String invalidTokenChallenge() {
        return challenge() + ", error=\"invalid_token\"";
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
