package org.courseplatform.agent.mcp;

import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.HttpSecurityPolicy;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import org.courseplatform.agent.access.AgentConfig;
import org.courseplatform.agent.access.KeyStanding;
import org.courseplatform.agent.access.McpSessions;
import org.courseplatform.platform.auth.AgentCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.RouterErrors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The permission of the MCP prefix ({@code quarkus.http.auth.permission.mcp.policy=agent-mcp}):
 * everything checked before the extension sees a request, after authentication, answered on
 * HTTP in the error shape. Only the Streamable HTTP endpoint itself is served (the extension's
 * legacy SSE routes under it are not); a browser {@code Origin} must be allowed; the caller must
 * be an agent whose key still stands on a Build plan (401, 403, or 503 to retry); an
 * {@code Mcp-Session-Id} must be open and belong to the caller's token (else 404, which tells
 * MCP clients to initialize again), and a new session is bound to it.
 * An anonymous caller is denied, which answers 401 with the {@code Bearer} challenge.
 */
@ApplicationScoped
public class McpPolicy implements HttpSecurityPolicy {

    static final String SESSION_HEADER = "Mcp-Session-Id";

    private final KeyStanding standing;
    private final McpSessions sessions;
    private final List<String> allowedOrigins;
    private final String root;

    public McpPolicy(
            KeyStanding standing,
            McpSessions sessions,
            AgentConfig config,
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path") String root) {
        this.standing = standing;
        this.sessions = sessions;
        this.allowedOrigins = config.mcpAllowedOrigins().orElse(List.of());
        this.root = root;
    }

    @Override
    public String name() {
        return "agent-mcp";
    }

    @Override
    public Uni<CheckResult> checkPermission(
            RoutingContext ctx, Uni<SecurityIdentity> identity, AuthorizationRequestContext context) {
        return identity.chain(caller -> {
            if (caller.isAnonymous()) {
                return Uni.createFrom().item(CheckResult.DENY);
            }
            String path = ctx.normalizedPath();
            if (!path.equals(root) && !path.equals(root + "/")) {
                throw ApiException.notFound(
                        "The MCP endpoint is " + root + " (Streamable HTTP); the legacy SSE transport is not served");
            }
            String origin = ctx.request().getHeader("Origin");
            if (origin != null && !allowedOrigins.contains(origin)) {
                throw ApiException.forbidden(
                        "Requests from the web origin " + shorten(origin) + " may not use agent tokens");
            }
            if (!(caller.getPrincipal() instanceof AgentCaller agent)) {
                throw new ApiException(
                        ErrorCode.UNAUTHORIZED,
                        "The MCP endpoint needs Authorization: Bearer <agent token>",
                        null,
                        Map.of("WWW-Authenticate", RouterErrors.BEARER_CHALLENGE));
            }
            String session = ctx.request().getHeader(SESSION_HEADER);
            if (session != null && !sessions.usableBy(session, agent.tokenId())) {
                throw ApiException.notFound("Unknown Mcp-Session-Id " + shorten(session)
                        + ": it was never opened with this token, or it ended. Send initialize again without"
                        + " Mcp-Session-Id to open a new session, or leave the header out: tools/list, tools/call"
                        + " and ping need no session");
            }
            return standing.of(agent)
                    .onFailure(ApiException.class)
                    .transform(e -> withChallenge((ApiException) e))
                    .map(ok -> {
                        if (session == null) {
                            ctx.addHeadersEndHandler(v -> {
                                String created = ctx.response().headers().get(SESSION_HEADER);
                                if (created != null) {
                                    sessions.bind(created, agent.tokenId());
                                }
                            });
                        } else if (ctx.request().method() == HttpMethod.DELETE) {
                            ctx.addEndHandler(v -> {
                                if (ctx.response().getStatusCode() < 300) {
                                    sessions.forget(session);
                                }
                            });
                        }
                        return CheckResult.PERMIT;
                    });
        });
    }

    /** A key that no longer stands answers 401 with an {@code invalid_token} challenge, as RFC 6750 says. */
    private static ApiException withChallenge(ApiException e) {
        if (e.code() != ErrorCode.UNAUTHORIZED) {
            return e;
        }
        return new ApiException(
                e.code(),
                e.getMessage(),
                e.details(),
                Map.of("WWW-Authenticate", RouterErrors.BEARER_CHALLENGE + ", error=\"invalid_token\""));
    }

    private static String shorten(String value) {
        return value.length() > 80 ? value.substring(0, 80) + "…" : value;
    }
}
