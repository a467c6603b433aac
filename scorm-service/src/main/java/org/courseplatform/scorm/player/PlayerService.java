package org.courseplatform.scorm.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.scorm.config.ScormConfig;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Embed URLs and player sessions. An embed URL carries a signed token (RS256, {@code typ=embed},
 * audience scorm-service, 3 h) naming workspace, package, learner, tenant, action, the key's mode
 * and the embedding page's origin, in the URL's fragment, so no server or proxy ever receives it in
 * a request line. The URL points at the content origin ({@link ContentOrigin}), on the host of the
 * token's {@code jti} when the origin is per launch. The launch page posts the token back once:
 * the {@code jti} is recorded with the session it opened, in the session's transaction, so a
 * second use is refused. The session's random id is then in the path of every URL the page uses,
 * so the package's files and the runtime need no other credential, and the session only answers on
 * the host it was opened on. A {@code view} session belongs to the learner's tracking record of the
 * package, created at the first launch with the key's mode.
 */
@ApplicationScoped
public class PlayerService {

    private static final SecureRandom RANDOM = new SecureRandom();
    private final SessionRepository sessions;
    private final Tokens tokens;
    private final ScormConfig config;
    private final ObjectMapper mapper;
    private final ContentOrigin contentOrigin;

    public PlayerService(
            SessionRepository sessions,
            Tokens tokens,
            ScormConfig config,
            ObjectMapper mapper,
            ContentOrigin contentOrigin) {
        this.sessions = sessions;
        this.tokens = tokens;
        this.config = config;
        this.mapper = mapper;
        this.contentOrigin = contentOrigin;
    }

    /**
     * A signed URL (3 h, one use) that opens the player ({@code view}) or the overview ({@code edit}):
     * {@code <content origin of the jti>/scorm/launch#token=<JWT>}.
     */
    public Uni<String> embedUrl(WorkspaceCaller caller, EmbedRequest request) {
        String action = request.action() == null ? "view" : request.action();
        if (!action.equals("view") && !action.equals("edit")) {
            throw ApiException.invalid("action", "must be view or edit");
        }
        String parentOrigin = parentOrigin(request.parentOrigin());
        long courseId = request.courseId();
        return sessions.findPackage(courseId, caller.workspaceId()).map(row -> {
            if (row == null || !Objects.equals(row.getString("client_identifier"), request.clientIdentifier())) {
                throw ApiException.notFound("No SCORM package for course " + courseId
                        + (request.clientIdentifier() == null ? "" : " in tenant " + request.clientIdentifier()));
            }
            if (action.equals("view") && !"ready".equals(row.getString("status"))) {
                throw ApiException.conflict("The package of course " + courseId + " is " + row.getString("status")
                        + ", not ready: only a ready package can be played");
            }
            String jti = randomId(16);
            JwtClaimsBuilder claims = Jwt.claims()
                    .subject(request.identifier().strip())
                    .claim("jti", jti)
                    .claim("workspaceId", caller.workspaceId())
                    .claim("courseId", courseId)
                    .claim("identifier", request.identifier().strip())
                    .claim("action", action)
                    .claim("testMode", caller.testMode());
            if (request.clientIdentifier() != null) {
                claims.claim("clientIdentifier", request.clientIdentifier());
            }
            if (parentOrigin != null) {
                claims.claim("parentOrigin", parentOrigin);
            }
            String token = tokens.sign(
                    claims, "embed", tokens.serviceName(), config.player().embedTtl());
            // The fragment never reaches a server: not the ingress's access log, a proxy's or a Referer.
            return contentOrigin.origin(jti) + "/scorm/launch#token=" + token;
        });
    }

    /**
     * Opens a session from an embed token posted by the launch page on {@code host}: the token must
     * be valid, addressed to this host (its {@code jti} is the label of a per-launch origin) and
     * unused. Answers the session.
     */
    public Uni<PlayerSession> launch(String token, String host) {
        JwtClaims claims;
        String jti;
        Instant tokenExpiry;
        try {
            claims = tokens.verify(token == null ? "" : token);
            if (!"embed".equals(claims.getStringClaimValue(Tokens.TYPE_CLAIM))) {
                throw new InvalidJwtException("not an embed token", List.of(), null);
            }
            jti = claims.getJwtId();
            tokenExpiry = Instant.ofEpochSecond(claims.getExpirationTime().getValue());
        } catch (InvalidJwtException | MalformedClaimException e) {
            boolean expired = e instanceof InvalidJwtException i && i.hasExpired();
            throw ApiException.unauthorized(
                    expired ? "This player link has expired; ask for a new one" : "This player link is not valid");
        }
        if (!ContentOrigin.isLabel(jti) || !ContentOrigin.isHost(host, contentOrigin.host(jti))) {
            throw ApiException.unauthorized("This player link is not valid");
        }
        long workspaceId = ((Number) claims.getClaimValue("workspaceId")).longValue();
        long courseId = ((Number) claims.getClaimValue("courseId")).longValue();
        String identifier = (String) claims.getClaimValue("identifier");
        String tenant = (String) claims.getClaimValue("clientIdentifier");
        String action = (String) claims.getClaimValue("action");
        boolean testMode = Boolean.TRUE.equals(claims.getClaimValue("testMode"));
        String parentOrigin = claims.getClaimValue("parentOrigin") instanceof String o ? o : null;
        String id = randomId(32);
        OffsetDateTime expires =
                OffsetDateTime.now(ZoneOffset.UTC).plus(config.player().sessionTtl());
        // The token is used in the session's transaction: a launch that fails (package deleted, not
        // ready) leaves it unused, and of two launches at once the second waits and is refused.
        OffsetDateTime tokenExpires = OffsetDateTime.ofInstant(tokenExpiry, ZoneOffset.UTC);
        return sessions.inTransaction(conn -> sessions.useToken(conn, jti, id, tokenExpires)
                        .chain(used -> {
                            if (!used) {
                                throw ApiException.unauthorized(
                                        "This player link has already been used; ask for a new one");
                            }
                            return sessions.findPackage(conn, courseId, workspaceId);
                        })
                        .chain(row -> {
                            if (row == null || !Objects.equals(row.getString("client_identifier"), tenant)) {
                                throw ApiException.notFound("This package no longer exists");
                            }
                            if ("view".equals(action) && !"ready".equals(row.getString("status"))) {
                                throw ApiException.conflict("This package is not ready to play");
                            }
                            Uni<Long> tracking = "view".equals(action)
                                    ? sessions.tracking(conn, workspaceId, courseId, identifier, tenant, testMode)
                                    : Uni.createFrom().nullItem();
                            return tracking.chain(trackingId -> sessions.insertSession(
                                    conn,
                                    new SessionRepository.NewSession(
                                            id,
                                            workspaceId,
                                            courseId,
                                            trackingId,
                                            action,
                                            expires,
                                            contentOrigin.host(jti),
                                            parentOrigin)));
                        }))
                .chain(() -> session(id));
    }

    /**
     * The open session, requested on {@code host}: a session answers only on the content host it
     * was opened on, so neither the API's origin nor another launch's origin can serve its pages.
     */
    public Uni<PlayerSession> session(String id, String host) {
        return session(id).map(session -> {
            if (!onItsHost(session.contentHost(), host)) {
                throw gone();
            }
            return session;
        });
    }

    /** Whether a request on {@code host} reaches a session opened on {@code contentHost}. */
    static boolean onItsHost(String contentHost, String host) {
        return contentHost != null && ContentOrigin.isHost(host, contentHost);
    }

    /** An id no session can have is 404 without a read. */
    static void requireSessionId(String id) {
        if (id == null || !id.matches("[0-9a-f]{64}")) {
            throw gone();
        }
    }

    /** The one answer for a session that is unknown, expired, of a deleted course or asked on another host. */
    static ApiException gone() {
        return ApiException.notFound("This player session does not exist or has expired; open the player link again");
    }

    /** The open session; an unknown or expired id is 404. */
    public Uni<PlayerSession> session(String id) {
        requireSessionId(id);
        return sessions.findSession(id).map(r -> {
            if (r == null) {
                throw gone();
            }
            return new PlayerSession(
                    r.getString("id"),
                    r.getLong("workspace_id"),
                    r.getLong("course_id"),
                    r.getString("action"),
                    r.getLong("tracking_id"),
                    r.getString("identifier"),
                    r.getString("status"),
                    r.getString("title"),
                    r.getString("version"),
                    json(r.getString("launch")),
                    r.getString("last_sco"),
                    r.getString("name"),
                    r.getLong("size_bytes"),
                    r.getInteger("file_count"),
                    r.getLong("expanded_bytes"),
                    r.getString("error"),
                    r.getString("content_host"),
                    r.getString("parent_origin"));
        });
    }

    private JsonNode json(String text) {
        try {
            return text == null ? mapper.createObjectNode() : mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored launch is not JSON", e);
        }
    }

    /**
     * The embedding page's origin as browsers serialise it ({@code scheme://host[:port]}, lower
     * case, default port left out), or null when none is given; anything else is a 400 naming
     * {@code parentOrigin}. It is the only target the player posts messages to, so {@code *},
     * paths and non-http(s) schemes are refused.
     */
    static String parentOrigin(String value) {
        if (value == null) {
            return null;
        }
        String problem = "must be the origin of the page that frames the player, such as https://lms.example.com "
                + "(http or https, host and optional port; no path, query or wildcard; a Unicode host in its xn-- form)";
        String v = value.strip();
        if (!v.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ApiException.invalid("parentOrigin", problem);
        }
        URI uri;
        try {
            uri = new URI(v);
        } catch (URISyntaxException e) {
            throw ApiException.invalid("parentOrigin", problem);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (!scheme.equals("http") && !scheme.equals("https")
                || uri.getHost() == null
                || uri.getRawUserInfo() != null
                || !path.isEmpty() && !path.equals("/")
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw ApiException.invalid("parentOrigin", problem);
        }
        int port = uri.getPort();
        boolean defaultPort = port < 0 || scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }

    private static String randomId(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
