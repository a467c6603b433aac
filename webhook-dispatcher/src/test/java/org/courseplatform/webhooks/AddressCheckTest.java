package org.courseplatform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCaResource;
import org.courseplatform.webhooks.support.TestReceiver;
import org.junit.jupiter.api.Test;

/**
 * Without an operator allow-list, a host name that resolves to a loopback address is refused at
 * send time: the request never leaves, the attempt fails and says why.
 */
@QuarkusTest
@TestProfile(AddressCheckTest.NoAllowList.class)
class AddressCheckTest {

    public static class NoAllowList implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("webhooks.allowed-addresses", " ");
        }
    }

    @Test
    void loopbackIsRefusedOnTheResolvedAddress() {
        try (TestReceiver receiver = TestReceiver.start(TestCaResource.ca(), "localhost")) {
            long ws = TestKeys.newWorkspace();
            String auth = TestKeys.enterprise(ws);
            // "localhost" is a name, so creation accepts it; the check happens on what it resolves to.
            Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/local"), "course.created");
            Hooks.sendCourseCreated(ws, false);
            Hooks.await(Duration.ofSeconds(30), () -> {
                JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
                assertThat(log.get("attempts").asInt()).isEqualTo(1);
                assertThat(log.get("status").asText()).isEqualTo("pending");
                assertThat(log.get("lastStatusCode").isNull()).isTrue();
                assertThat(log.get("lastError").asText()).isEqualTo("refused: localhost resolves to a loopback address (127.0.0.1)");
            });
            assertThat(receiver.requests()).isEmpty();
            io.restassured.RestAssured.given().header("Authorization", auth).contentType(io.restassured.http.ContentType.JSON)
                    .body("{\"url\":\"https://127.0.0.1:" + receiver.port() + "/x\",\"events\":[\"course.created\"]}")
                    .post("/v1/headless/webhooks").then().statusCode(400);
        }
    }
}
