package org.courseplatform.platform.testing;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * API keys for component tests of services other than members-service; the members stub
 * answers for them as members-service would for a real workspace with that plan, those
 * add-ons and features.
 */
public final class TestKeys {

    private static final AtomicLong WORKSPACES = new AtomicLong(System.nanoTime() % 1_000_000 * 1000);

    private TestKeys() {
    }

    /** A fresh workspace id no other test uses. */
    public static long newWorkspace() {
        return WORKSPACES.incrementAndGet();
    }

    /** {@code Authorization} header value of a key of {@code workspaceId}. */
    public static String header(long workspaceId, String plan, String addons, String features, String mode) {
        return "SERVICE:" + workspaceId + ":" + key(workspaceId, plan, addons, features, mode);
    }

    public static String key(long workspaceId, String plan, String addons, String features, String mode) {
        return "stub." + workspaceId + "." + plan + "." + blank(addons) + "." + blank(features) + "." + mode + "."
                + UUID.randomUUID().toString().replace("-", "");
    }

    /** A key of an enterprise workspace with every add-on and feature. */
    public static String enterprise(long workspaceId) {
        return header(workspaceId, "enterprise", "scorm_hosting", "scorm_export", "live");
    }

    public static String revoked(long workspaceId) {
        return "SERVICE:" + workspaceId + ":stub.revoked";
    }

    private static String blank(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }
}
