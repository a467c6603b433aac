package org.courseplatform.agent.consumer;

import java.util.List;

/**
 * The OAuth 2.0 Protected Resource Metadata of the consumer MCP endpoint (RFC 9728): the
 * resource and the authorization server an MCP client signs its user in with.
 */
public record ProtectedResourceMetadata(
        String resource,
        List<String> authorization_servers,
        List<String> bearer_methods_supported,
        List<String> scopes_supported,
        String resource_name) {

    /** The one scope clients ask for; the authorization server adds the audience and the member id with it. */
    public static final String SCOPE = "mcp";

    static ProtectedResourceMetadata of(ConsumerEndpoint endpoint) {
        return new ProtectedResourceMetadata(
                endpoint.resource(),
                List.of(endpoint.issuer().orElseThrow()),
                List.of("header"),
                List.of(SCOPE),
                "Course Platform");
    }
}
