package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

class CredentialsCheckTest {

    private static final String STRONG = "Zr7pQ2mX9vK4tL8wN3bC6dF1";

    @Test
    void strongDatabaseAndS3CredentialsPass() {
        assertThat(CredentialsCheck.problems(config(Map.of(
                        "quarkus.datasource.username",
                        "courses",
                        "quarkus.datasource.password",
                        STRONG,
                        "quarkus.s3.aws.credentials.static-provider.access-key-id",
                        "AKIA7EXAMPLEKEY",
                        "quarkus.s3.aws.credentials.static-provider.secret-access-key",
                        STRONG))))
                .isEmpty();
    }

    @Test
    void aMissingOrNameLikeOrShortDatabasePasswordIsRefused() {
        assertThat(CredentialsCheck.problems(config(Map.of("quarkus.datasource.username", "courses"))))
                .singleElement()
                .asString()
                .contains("QUARKUS_DATASOURCE_PASSWORD")
                .contains("not set");
        assertThat(CredentialsCheck.problems(config(
                        Map.of("quarkus.datasource.username", "courses", "quarkus.datasource.password", "courses"))))
                .singleElement()
                .asString()
                .contains("own name");
        assertThat(CredentialsCheck.problems(config(
                        Map.of("quarkus.datasource.username", "courses", "quarkus.datasource.password", "short-one"))))
                .singleElement()
                .asString()
                .contains("shorter than 16");
    }

    @Test
    void theDevStacksOldS3CredentialsAreRefused() {
        List<String> problems = CredentialsCheck.problems(config(Map.of(
                "quarkus.datasource.username", "scorm",
                "quarkus.datasource.password", STRONG,
                "quarkus.s3.aws.credentials.static-provider.access-key-id", "courseplatform",
                "quarkus.s3.aws.credentials.static-provider.secret-access-key", "courseplatform-secret")));
        assertThat(problems).hasSize(2);
        assertThat(problems.get(0)).contains("PLATFORM_S3_ACCESS_KEY");
        assertThat(problems.get(1)).contains("PLATFORM_S3_SECRET_KEY");
    }

    @Test
    void aServiceWithoutS3IsNotAskedForS3Credentials() {
        assertThat(CredentialsCheck.problems(
                        config(Map.of("quarkus.datasource.username", "agent", "quarkus.datasource.password", STRONG))))
                .isEmpty();
    }

    private static Config config(Map<String, String> values) {
        return new SmallRyeConfigBuilder()
                .withDefaultValues(new HashMap<>(values))
                .build();
    }
}
