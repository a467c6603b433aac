package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A workspace over its request rate gets 429 with Retry-After; other workspaces are unaffected. */
@QuarkusTest
@TestProfile(RateLimitTest.Tight.class)
class RateLimitTest {

    public static class Tight implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.rate-limit.per-second", "1", "platform.rate-limit.burst", "3");
        }
    }

    @Test
    void aFloodingWorkspaceIsThrottledAlone() {
        Admin.Key noisy = Admin.key(Admin.workspace("build", "[]"), "live");
        Admin.Key quiet = Admin.key(Admin.workspace("build", "[]"), "live");
        Response throttled = null;
        for (int i = 0; i < 10 && throttled == null; i++) {
            Response r = given().header("Authorization", noisy.header()).get("/api/v1/members");
            if (r.statusCode() == 429) {
                throttled = r;
            }
        }
        assertThat(throttled).as("a 429 within 10 rapid requests").isNotNull();
        assertThat(throttled.jsonPath().getString("error.code")).isEqualTo("TOO_MANY_REQUESTS");
        assertThat(Integer.parseInt(throttled.header("Retry-After"))).isPositive();
        given().header("Authorization", quiet.header())
                .get("/api/v1/members")
                .then()
                .statusCode(200);
    }
}
