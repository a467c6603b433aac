package org.courseplatform.platform.testing;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.platform.auth.Scopes;

/**
 * API keys for component tests of services other than members-service; the members stub
 * answers for them as members-service would for a real workspace with that plan, those
 * add-ons and features. The keys have the form of real ones ({@code cp_<mode>_} and 43 base64url
 * characters), so they pass the format check every service makes before asking members-service;
 * the 43 characters describe the workspace: {@code w<workspaceId>-<plan>-<addons>-<features>-}
 * and random filler, each plan, add-on and feature one letter.
 */
public final class TestKeys {

    private static final AtomicLong WORKSPACES = new AtomicLong(System.nanoTime() % 1_000_000 * 1000);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String FILLER = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SECRET_LENGTH = 43;
    private static final Map<String, String> PLANS =
            Map.of("starter", "s", "build", "b", "scale", "c", "enterprise", "e");
    private static final Map<String, String> NAMES = Map.of("scorm_hosting", "H", "scorm_export", "X");

    private TestKeys() {}

    /** A fresh workspace id no other test uses. */
    public static long newWorkspace() {
        return WORKSPACES.incrementAndGet();
    }

    /** {@code Authorization} header value of a key of {@code workspaceId}. */
    public static String header(long workspaceId, String plan, String addons, String features, String mode) {
        return "SERVICE:" + workspaceId + ":" + key(workspaceId, plan, addons, features, mode);
    }

    /** A key of {@code workspaceId}; add-ons and features are '+'-joined (empty: none). */
    public static String key(long workspaceId, String plan, String addons, String features, String mode) {
        String code = PLANS.get(plan);
        if (code == null || !("live".equals(mode) || "test".equals(mode))) {
            throw new IllegalArgumentException("unknown plan or mode: " + plan + ", " + mode);
        }
        return "cp_" + mode + "_"
                + fill("w" + workspaceId + "-" + code + "-" + letters(addons) + "-" + letters(features) + "-");
    }

    /** A key of an enterprise workspace with every add-on and feature. */
    public static String enterprise(long workspaceId) {
        return header(workspaceId, "enterprise", "scorm_hosting", "scorm_export", "live");
    }

    /**
     * {@code Authorization} header value of a key of an enterprise workspace with every add-on and
     * feature, issued with these scopes (platform-auth {@code Scopes.CATALOGUE} names).
     */
    public static String scoped(long workspaceId, List<String> scopes) {
        StringBuilder codes = new StringBuilder("s");
        for (String scope : scopes) {
            int index = Scopes.CATALOGUE.indexOf(scope);
            if (index < 0) {
                throw new IllegalArgumentException("unknown scope " + scope + " (known: " + Scopes.CATALOGUE + ")");
            }
            codes.append(index);
        }
        return "SERVICE:" + workspaceId + ":cp_live_" + fill("w" + workspaceId + "-e-H-X-" + codes + "-");
    }

    /** A well-formed key that members-service refuses (as it does a revoked one). */
    public static String revoked(long workspaceId) {
        return "SERVICE:" + workspaceId + ":cp_live_" + fill("revoked-");
    }

    /** A well-formed key of no workspace: members-service is asked, and refuses it. */
    public static String unknown() {
        return "cp_live_" + fill("unknown-");
    }

    /** {@code scopes} null: a key with full access. */
    record Described(
            long workspaceId,
            String plan,
            List<String> addons,
            List<String> features,
            String mode,
            List<String> scopes) {}

    /** What a key of {@link #key} describes, or null for any other string. */
    static Described describe(String key) {
        if (key == null
                || key.length() != 8 + SECRET_LENGTH
                || !(key.startsWith("cp_live_") || key.startsWith("cp_test_"))) {
            return null;
        }
        String[] parts = key.substring(8).split("-", -1);
        if ((parts.length != 5 && parts.length != 6) || !parts[0].matches("w[0-9]{1,18}")) {
            return null;
        }
        List<String> scopes = null;
        if (parts.length == 6) {
            if (!parts[4].matches("s[0-9]*")) {
                return null;
            }
            scopes = parts[4].substring(1)
                    .chars()
                    .mapToObj(c -> Scopes.CATALOGUE.get(c - '0'))
                    .toList();
        }
        String plan = PLANS.entrySet().stream()
                .filter(e -> e.getValue().equals(parts[1]))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(null);
        List<String> addons = names(parts[2]);
        List<String> features = names(parts[3]);
        if (plan == null || addons == null || features == null) {
            return null;
        }
        return new Described(
                Long.parseLong(parts[0].substring(1)), plan, addons, features, key.substring(3, 7), scopes);
    }

    private static String letters(String names) {
        if (names == null || names.isEmpty()) {
            return "";
        }
        StringBuilder codes = new StringBuilder();
        for (String name : names.split("\\+")) {
            String code = NAMES.get(name);
            if (code == null) {
                throw new IllegalArgumentException(
                        "unknown add-on or feature " + name + " (known: " + NAMES.keySet() + ")");
            }
            codes.append(code);
        }
        return codes.toString();
    }

    private static List<String> names(String letters) {
        List<String> names = new ArrayList<>();
        for (char c : letters.toCharArray()) {
            String name = NAMES.entrySet().stream()
                    .filter(e -> e.getValue().equals(String.valueOf(c)))
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElse(null);
            if (name == null) {
                return null;
            }
            names.add(name);
        }
        return names;
    }

    private static String fill(String start) {
        StringBuilder secret = new StringBuilder(start);
        while (secret.length() < SECRET_LENGTH) {
            secret.append(FILLER.charAt(RANDOM.nextInt(FILLER.length())));
        }
        return secret.toString();
    }
}
