package org.courseplatform.members.apikey;

import java.security.SecureRandom;
import java.util.Base64;
import org.courseplatform.platform.auth.ApiKeyFormat;

/**
 * Makes and reads key secrets: {@code cp_<mode>_<43 base64url chars>} = 256 random bits. The
 * first 16 characters are a non-secret prefix that finds the stored row.
 */
final class ApiKeySecrets {

    static final int PREFIX_LENGTH = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {}

    static String generate(String mode) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "cp_" + mode + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String prefix(String key) {
        return key.length() <= PREFIX_LENGTH ? key : key.substring(0, PREFIX_LENGTH);
    }

    /** Whether the key has the form {@link #generate} gives keys (the check every service makes before asking). */
    static boolean plausible(String key) {
        return ApiKeyFormat.plausibleKey(key);
    }
}
