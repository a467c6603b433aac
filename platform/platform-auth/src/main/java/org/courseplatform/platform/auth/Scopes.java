package org.courseplatform.platform.auth;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;

/**
 * What an API key may do. A key issued with scopes may call only the endpoints its scopes cover;
 * a key without scopes (every key issued before scopes existed, and any issued without them) has
 * full access. The rule lives here, in the shared authentication, so every service enforces it
 * the same way and a new endpoint is covered by the family its path belongs to.
 *
 * <p>An endpoint's family comes from its path (the same prefixes as the ingress routes in
 * deploy/routes.tsv); GET and HEAD need the family's read scope, every other method its write
 * scope, and a write scope includes the read scope. A path in no family is refused to scoped keys
 * (closed by default); agent-token minting is open to every key, since the token inherits the
 * key's scopes.
 */
public final class Scopes {

    /** The scopes a key may be issued with, in the order the admin API lists them. */
    public static final List<String> CATALOGUE = List.of(
            "members:read",
            "members:write",
            "courses:read",
            "courses:write",
            "scorm:read",
            "scorm:write",
            "webhooks:read",
            "webhooks:manage");

    /** A family of endpoints: its scopes and the words of its 403 messages. */
    public enum Family {
        MEMBERS("members", "members:read", "members:write"),
        COURSES("courses", "courses:read", "courses:write"),
        SCORM("SCORM packages", "scorm:read", "scorm:write"),
        WEBHOOKS("webhooks", "webhooks:read", "webhooks:manage");

        private final String noun;
        private final String read;
        private final String write;

        Family(String noun, String read, String write) {
            this.noun = noun;
            this.read = read;
            this.write = write;
        }

        public String scope(boolean writes) {
            return writes ? write : read;
        }

        /** The 403 message; for members it is the spec's "Caller not authorized to manage members". */
        public String refusal(boolean writes) {
            return "Caller not authorized to " + (writes ? "manage " : "read ") + noun;
        }
    }

    /** Path prefixes and their families, longest first (the ingress routes of API-key endpoints). */
    private static final List<Prefix> PREFIXES = List.of(
            new Prefix("/v1/headless/scorm-package", Family.SCORM),
            new Prefix("/v1/headless/embed/scorm", Family.SCORM),
            new Prefix("/v1/headless/webhooks", Family.WEBHOOKS),
            new Prefix("/api/v1/enrolments", Family.MEMBERS),
            new Prefix("/api/v1/enrolment", Family.MEMBERS),
            new Prefix("/api/v1/members", Family.MEMBERS),
            new Prefix("/api/v1/groups", Family.MEMBERS),
            new Prefix("/v1/headless", Family.COURSES),
            new Prefix("/embed", Family.COURSES));

    /**
     * Endpoints that make a signed player URL: a POST that only reads (the read scope is enough
     * to let learners play). Making an editor URL writes, which the resource checks with {@link
     * #require}.
     */
    private static final List<String> READING_POSTS = List.of(
            "/v1/headless/embed/course",
            "/v1/headless/embed/screen",
            "/v1/headless/embed/scorm",
            "/v1/headless/course/url",
            "/embed/screen");

    /** Open to every key: an agent token minted from a scoped key carries the key's scopes. */
    private static final List<String> OPEN = List.of("/api/v1/agent");

    private Scopes() {}

    private record Prefix(String path, Family family) {}

    /** What an endpoint needs from a scoped key. */
    public sealed interface Requirement {}

    /** Any key will do. */
    public record Open() implements Requirement {}

    /** The family's read or write scope. */
    public record Needs(Family family, boolean writes) implements Requirement {
        public String scope() {
            return family.scope(writes);
        }
    }

    /** Only a key with full access (no scopes): the path is in no family. */
    public record FullAccess() implements Requirement {}

    /** What a request needs, from its method and (normalised) path. */
    public static Requirement required(String method, String path) {
        if (OPEN.stream().anyMatch(p -> under(path, p))) {
            return new Open();
        }
        for (Prefix prefix : PREFIXES) {
            if (under(path, prefix.path())) {
                boolean reads = "GET".equals(method)
                        || "HEAD".equals(method)
                        || ("POST".equals(method) && READING_POSTS.contains(stripSlash(path)));
                return new Needs(prefix.family(), !reads);
            }
        }
        return new FullAccess();
    }

    /** Refuses the call with 403 when the caller's key does not cover the request. */
    public static void check(WorkspaceCaller caller, String method, String path) {
        if (caller.scopes() == null) {
            return;
        }
        switch (required(method, path)) {
            case Open open -> {}
            case Needs needs -> require(caller, needs.family(), needs.writes());
            case FullAccess full ->
                throw new ApiException(
                        ErrorCode.FORBIDDEN,
                        "missing_scope",
                        "Caller not authorized: this endpoint needs a key with full access",
                        List.of(new ApiError.Detail("scopes", "the key is limited to " + caller.scopes())),
                        null);
        }
    }

    /** Refuses with 403 unless the caller's key holds the family's read or write scope. */
    public static void require(WorkspaceCaller caller, Family family, boolean writes) {
        if (!holds(caller.scopes(), family.scope(writes))) {
            throw new ApiException(
                    ErrorCode.FORBIDDEN,
                    "missing_scope",
                    family.refusal(writes),
                    List.of(new ApiError.Detail("scopes", "the key needs the scope " + family.scope(writes))),
                    null);
        }
    }

    /** Whether scopes (null: full access) include the scope; a write scope includes its read scope. */
    public static boolean holds(Collection<String> scopes, String scope) {
        if (scopes == null || scopes.contains(scope)) {
            return true;
        }
        for (Family family : Family.values()) {
            if (family.scope(false).equals(scope)) {
                return scopes.contains(family.scope(true));
            }
        }
        return false;
    }

    /**
     * The scopes of an issue request, checked, de-duplicated and in catalogue order; null (full
     * access) when none were asked for.
     *
     * @throws ApiException 400 naming the unknown scopes, or when the list is empty
     */
    public static List<String> parse(List<String> requested) {
        if (requested == null) {
            return null;
        }
        Set<String> asked = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String scope : requested) {
            String s = scope == null ? "" : scope.strip().toLowerCase(Locale.ROOT);
            if (CATALOGUE.contains(s)) {
                asked.add(s);
            } else {
                unknown.add(String.valueOf(scope));
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.invalid("scopes", "unknown scope(s) " + unknown + "; known: " + CATALOGUE);
        }
        if (asked.isEmpty()) {
            throw ApiException.invalid(
                    "scopes", "must name at least one scope; leave scopes out for a key with full access");
        }
        return CATALOGUE.stream().filter(asked::contains).toList();
    }

    /** The stored form: scopes separated by spaces (as in an OAuth scope string); null for full access. */
    public static String format(List<String> scopes) {
        return scopes == null ? null : String.join(" ", scopes);
    }

    /** The stored form read back; null (full access) stays null. */
    public static List<String> read(String stored) {
        if (stored == null) {
            return null;
        }
        return stored.isBlank() ? List.of() : List.of(stored.strip().split(" +"));
    }

    private static boolean under(String path, String prefix) {
        return path.equals(prefix) || path.startsWith(prefix + "/");
    }

    private static String stripSlash(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
