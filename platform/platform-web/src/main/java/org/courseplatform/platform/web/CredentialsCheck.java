package org.courseplatform.platform.web;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Refuses to start a deployed service (not dev or test mode) with database or S3 credentials
 * anyone could guess: none at all, the role's own name, or the values the local dev-stack
 * used to ship with. A guessable default that works is worse than a service that does not
 * start, because nobody notices it.
 */
@ApplicationScoped
class CredentialsCheck {

    /** Shorter secrets are refused; generated ones (CloudNativePG, the suite) are far longer. */
    static final int MIN_SECRET_LENGTH = 16;
    /** Credentials that shipped with earlier versions of the dev-stack and the docs. */
    static final Set<String> KNOWN_DEFAULTS = Set.of(
            "courseplatform", "courseplatform-secret", "postgres", "password", "secret", "changeme", "minioadmin");

    void onStart(@Observes StartupEvent event) {
        if (LaunchMode.current() != LaunchMode.NORMAL) {
            return;
        }
        List<String> problems = problems(ConfigProvider.getConfig());
        if (!problems.isEmpty()) {
            throw new IllegalStateException(
                    "Refusing to start with guessable credentials: " + String.join("; ", problems));
        }
    }

    static List<String> problems(Config config) {
        List<String> problems = new ArrayList<>();
        Optional<String> username = config.getOptionalValue("quarkus.datasource.username", String.class);
        Optional<String> password = config.getOptionalValue("quarkus.datasource.password", String.class);
        if (username.isPresent()) {
            String why = weakness(password, username.get());
            if (why != null) {
                problems.add("the database password (QUARKUS_DATASOURCE_PASSWORD) " + why);
            }
        }
        Optional<String> s3Key =
                config.getOptionalValue("quarkus.s3.aws.credentials.static-provider.access-key-id", String.class);
        Optional<String> s3Secret =
                config.getOptionalValue("quarkus.s3.aws.credentials.static-provider.secret-access-key", String.class);
        if (s3Key.isPresent() || s3Secret.isPresent()) {
            if (s3Key.map(String::strip)
                    .filter(k -> !k.isEmpty() && !KNOWN_DEFAULTS.contains(k))
                    .isEmpty()) {
                problems.add("the S3 access key (PLATFORM_S3_ACCESS_KEY) is missing or a well-known default");
            }
            String why = weakness(s3Secret, s3Key.orElse(""));
            if (why != null) {
                problems.add("the S3 secret key (PLATFORM_S3_SECRET_KEY) " + why);
            }
        }
        return problems;
    }

    /** Why a secret is guessable, or null when it is not. */
    private static String weakness(Optional<String> secret, String name) {
        String value = secret.map(String::strip).orElse("");
        if (value.isEmpty()) {
            return "is not set";
        }
        if (value.equalsIgnoreCase(name) || KNOWN_DEFAULTS.contains(value)) {
            return "is a well-known default or the user's own name";
        }
        if (value.length() < MIN_SECRET_LENGTH) {
            return "is shorter than " + MIN_SECRET_LENGTH + " characters";
        }
        return null;
    }
}
