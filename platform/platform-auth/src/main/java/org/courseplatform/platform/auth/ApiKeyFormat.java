package org.courseplatform.platform.auth;

/**
 * What a workspace API key can look like, checked before anything is asked or remembered about
 * it. members-service issues {@code cp_<mode>_<43 base64url characters>} (256 random bits, mode
 * {@code live} or {@code test}) and workspace ids are positive; a credential of any other form
 * cannot be a key, so it is refused here without a call to members-service and without taking a
 * place in the verification cache.
 */
public final class ApiKeyFormat {

    /** Characters of the random part: 256 bits, base64url without padding. */
    public static final int SECRET_LENGTH = 43;
    /** {@code cp_live_} or {@code cp_test_} plus the random part. */
    public static final int LENGTH = 8 + SECRET_LENGTH;

    private ApiKeyFormat() {}

    /** Whether {@code apiKey} has the form of an issued key and {@code workspaceId} that of a workspace. */
    public static boolean plausible(long workspaceId, String apiKey) {
        return workspaceId > 0 && plausibleKey(apiKey);
    }

    /** Whether {@code apiKey} has the form of a key members-service issues. */
    public static boolean plausibleKey(String apiKey) {
        if (apiKey == null
                || apiKey.length() != LENGTH
                || !(apiKey.startsWith("cp_live_") || apiKey.startsWith("cp_test_"))) {
            return false;
        }
        for (int i = LENGTH - SECRET_LENGTH; i < LENGTH; i++) {
            char c = apiKey.charAt(i);
            boolean base64url =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!base64url) {
                return false;
            }
        }
        return true;
    }
}
