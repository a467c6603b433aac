package org.courseplatform.agent.consumer;

import io.quarkus.logging.Log;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.HttpSecurityPolicy;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.courseplatform.agent.access.McpSessions;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.platform.auth.Plan;
import org.courseplatform.platform.auth.RateLimiter;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.QueryParams;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The permission of {@code /mcp} ({@code quarkus.http.auth.permission.consumer-mcp.policy}):
 * everything decided before the MCP server sees a request, answered on HTTP in the error shape.
 * <ul>
 * <li>no authorization server configured: 503;</li>
 * <li>only the Streamable HTTP endpoint itself (not the legacy SSE routes): 404 otherwise;</li>
 * <li>a browser {@code Origin} must be allowed: 403;</li>
 * <li>no token: 401 with the RFC 9728 challenge naming the metadata; a refused token: the same
 * with {@code error="invalid_token"};</li>
 * <li>the token's {@code platform_user_id} must have an active membership (of the workspace the
 * URL's {@code workspaceId} names, else their first) on the Build plan or above: 403 otherwise,
 * within {@code consumer-mcp.member-ttl} of a deactivation or deletion;</li>
 * <li>a person who has not set their own password (the token's {@code email_verified} is false)
 * acts only in the workspace that chose the password they signed in with: 403 for any other, and
 * members-service has Keycloak mail them a link to set their own;</li>
 * <li>an {@code Mcp-Session-Id} must belong to the same member and workspace (404 otherwise).</li>
 * </ul>
 * The request then runs as a {@link MemberCaller}.
 */
@ApplicationScoped
public class ConsumerMcpPolicy implements HttpSecurityPolicy {

    /** The access token claim naming the member's user id in members-service. */
    public static final String USER_CLAIM = "platform_user_id";
    /** True once the person set their own password through the link members-service had Keycloak mail them. */
    static final String EMAIL_VERIFIED_CLAIM = "email_verified";
    /** The optional query parameter of the endpoint URL choosing one of several workspaces. */
    public static final String WORKSPACE_PARAMETER = "workspaceId";

    static final String SESSION_HEADER = "Mcp-Session-Id";

    private final ConsumerEndpoint endpoint;
    private final MemberDirectory directory;
    private final McpSessions sessions;
    private final RateLimiter rateLimiter;

    public ConsumerMcpPolicy(
            ConsumerEndpoint endpoint, MemberDirectory directory, McpSessions sessions, RateLimiter rateLimiter) {
        this.endpoint = endpoint;
        this.directory = directory;
        this.sessions = sessions;
        this.rateLimiter = rateLimiter;
    }

    @Override
    public String name() {
        return "consumer-mcp";
    }

    static ApiException notConfigured() {
        return ApiException.unavailable(
                "The MCP endpoint for members' own AI clients is not configured on this platform "
                        + "(consumer-mcp.issuer names no authorization server)");
    }

    @Override
    public Uni<CheckResult> checkPermission(
            RoutingContext ctx, Uni<SecurityIdentity> identity, AuthorizationRequestContext context) {
        if (!endpoint.configured()) {
            return Uni.createFrom().failure(notConfigured());
        }
        String path = ctx.normalizedPath();
        if (!path.equals(ConsumerEndpoint.PATH) && !path.equals(ConsumerEndpoint.PATH + "/")) {
            return Uni.createFrom()
                    .failure(ApiException.notFound("The MCP endpoint is " + ConsumerEndpoint.PATH
                            + " (Streamable HTTP); the legacy SSE transport is not served"));
        }
        String origin = ctx.request().getHeader("Origin");
        if (!endpoint.originAllowed(origin)) {
            return Uni.createFrom()
                    .failure(ApiException.forbidden(
                            "Requests from the web origin " + shorten(origin) + " may not use this endpoint"));
        }
        Long chosen;
        try {
            chosen = QueryParams.optionalId(WORKSPACE_PARAMETER, ctx.request().getParam(WORKSPACE_PARAMETER));
        } catch (ApiException e) {
            return Uni.createFrom().failure(e);
        }
        return identity.onFailure(AuthenticationFailedException.class)
                .transform(e -> invalidToken(e.getMessage()))
                .chain(caller -> {
                    if (caller.isAnonymous()) {
                        throw new ApiException(
                                ErrorCode.UNAUTHORIZED,
                                "Sign in: the MCP endpoint needs an OAuth access token "
                                        + "from the platform's authorization server (see the resource metadata)",
                                null,
                                Map.of("WWW-Authenticate", endpoint.challenge()));
                    }
                    if (!(caller.getPrincipal() instanceof JsonWebToken token)) {
                        throw invalidToken("The MCP endpoint takes only the platform's OAuth access tokens");
                    }
                    long userId = userId(token);
                    return directory.memberships(userId).chain(memberships -> {
                        Long limited = passwordWorkspace(memberships, emailVerified(token));
                        if (limited != null && chosen != null && !limited.equals(chosen)) {
                            return directory.mailPasswordLink(userId).map(mailed -> {
                                throw workspacePasswordRefused(limited, chosen, mailed);
                            });
                        }
                        MemberCaller member = member(userId, memberships, chosen, token);
                        return rateLimiter.acquire(member.workspaceId()).map(admitted -> {
                            bindSession(ctx, member);
                            return new CheckResult(
                                    true,
                                    QuarkusSecurityIdentity.builder(caller)
                                            .setPrincipal(member)
                                            .build());
                        });
                    });
                });
    }

    private long userId(JsonWebToken token) {
        Object claim = token.getClaim(USER_CLAIM);
        String value = claim == null ? null : claim.toString().strip();
        if (value != null && value.startsWith("\"") && value.endsWith("\"") && value.length() > 1) {
            value = value.substring(1, value.length() - 1);
        }
        if (value == null
                || value.isEmpty()
                || value.length() > 18
                || !value.chars().allMatch(Character::isDigit)) {
            throw invalidToken("The access token names no platform member (" + USER_CLAIM + "); sign in again");
        }
        return Long.parseLong(value);
    }

    /**
     * The membership the request acts in: the one chosen, else the first active one. Until the
     * person has set their own password through the link members-service has Keycloak mail them
     * (Keycloak then marks the email verified), they sign in with the password a workspace chose
     * for them, and that opens only that workspace: otherwise a workspace that creates a member
     * with someone's email and a password of its choosing would sign in as them everywhere.
     */
    static MembersUserApi.Membership acting(
            List<MembersUserApi.Membership> memberships, Long chosen, boolean ownPassword) {
        Long passwordWorkspace = passwordWorkspace(memberships, ownPassword);
        if (passwordWorkspace != null) {
            if (chosen != null && chosen.longValue() != passwordWorkspace.longValue()) {
                throw workspacePasswordRefused(passwordWorkspace, chosen, null);
            }
            chosen = passwordWorkspace;
        }
        long wanted = chosen == null ? -1 : chosen;
        if (chosen != null) {
            return memberships.stream()
                    .filter(m -> m.workspaceId() == wanted && m.active())
                    .findFirst()
                    .orElseThrow(() -> ApiException.forbidden("You have no active membership of workspace " + wanted));
        }
        return memberships.stream()
                .filter(MembersUserApi.Membership::active)
                .findFirst()
                .orElseThrow(() -> ApiException.forbidden("You have no active membership of any workspace: "
                        + "your access has been deactivated or removed"));
    }

    /**
     * The workspace the sign-in is limited to: the one that chose the account's password, unless
     * the person has since set their own through the link mailed to them ({@code ownPassword}).
     * Null when there is no limit: their own password, or an account no workspace gave a password
     * (its password can only have been set through the mailbox, or by an operator).
     */
    static Long passwordWorkspace(List<MembersUserApi.Membership> memberships, boolean ownPassword) {
        if (ownPassword) {
            return null;
        }
        return memberships.stream()
                .map(MembersUserApi.Membership::passwordWorkspaceId)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    static ApiException workspacePasswordRefused(long passwordWorkspace, long chosen, String mailed) {
        String next = "sent".equals(mailed) || "recently_sent".equals(mailed)
                ? " We have mailed you a link to set a password of your own (valid for an hour): follow it, then sign in again."
                : " A link to set a password of your own could not be mailed just now; ask again shortly.";
        return ApiException.forbidden("You signed in with the password workspace " + passwordWorkspace
                + " set for you, which opens that workspace only, not workspace " + chosen + "." + next);
    }

    /** Whether the token says the person proved their email (Keycloak's {@code email_verified}). */
    static boolean emailVerified(JsonWebToken token) {
        Object claim = token.getClaim(EMAIL_VERIFIED_CLAIM);
        return claim != null && "true".equals(claim.toString().strip());
    }

    private static MemberCaller member(
            long userId, List<MembersUserApi.Membership> memberships, Long chosen, JsonWebToken token) {
        MembersUserApi.Membership membership = acting(memberships, chosen, emailVerified(token));
        Plan plan = Plan.fromWire(membership.plan());
        if (!plan.atLeast(Plan.BUILD)) {
            throw ApiException.forbidden("Course Platform tools need the Build plan or above; workspace "
                    + membership.workspaceId() + " is on " + plan.wireName());
        }
        String tokenId = token.getTokenID() != null ? token.getTokenID() : token.getSubject();
        Log.debugf("Consumer MCP request of user %d in workspace %d", userId, membership.workspaceId());
        return new MemberCaller(
                userId,
                membership.workspaceId(),
                membership.email(),
                MemberCaller.Type.of(membership.userType()),
                plan,
                membership.addons() == null ? List.of() : membership.addons(),
                membership.features() == null ? List.of() : membership.features(),
                tokenId);
    }

    /**
     * An MCP session belongs to the member and workspace that opened it, not to one token: a
     * client that refreshes its token keeps its session; nobody else can use it.
     */
    private void bindSession(RoutingContext ctx, MemberCaller member) {
        String owner = "member:" + member.userId() + ":" + member.workspaceId();
        String session = ctx.request().getHeader(SESSION_HEADER);
        if (session != null && sessions.ownedByAnother(session, owner)) {
            throw ApiException.notFound(
                    "There is no MCP session " + shorten(session) + " for you; initialize a new one");
        }
        if (session == null) {
            ctx.addHeadersEndHandler(v -> {
                String created = ctx.response().headers().get(SESSION_HEADER);
                if (created != null) {
                    sessions.bind(created, owner);
                }
            });
        } else if (ctx.request().method() == HttpMethod.DELETE) {
            ctx.addEndHandler(v -> {
                if (ctx.response().getStatusCode() < 300) {
                    sessions.forget(session);
                }
            });
        }
    }

    private ApiException invalidToken(String message) {
        return new ApiException(
                ErrorCode.UNAUTHORIZED,
                message == null || message.isBlank() ? "The access token was refused" : message,
                null,
                Map.of("WWW-Authenticate", endpoint.invalidTokenChallenge()));
    }

    private static String shorten(String value) {
        return value.length() > 80 ? value.substring(0, 80) + "…" : value;
    }
}
