package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.junit.jupiter.api.Test;

/** The endpoints API of API.md: shapes, statuses, every 4xx, and workspace isolation. */
@QuarkusTest
class EndpointsApiTest {

    private static final String URL = "https://hooks.example.com/course-platform";

    private static RequestSpecification as(String auth) {
        return given().header("Authorization", auth).contentType(ContentType.JSON);
    }

    @Test
    void createAnswers201WithTheSecretOnceAndListAndGetNeverShowIt() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        var created = as(auth).body("{\"url\":\"" + URL + "\",\"events\":[\"course.created\",\"migration.completed\"],"
                        + "\"description\":\"Production hook\"}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201)
                .body("url", equalTo(URL))
                .body("events", equalTo(List.of("course.created", "migration.completed")))
                .body("enabled", equalTo(true))
                .body("description", equalTo("Production hook"))
                .body("created", matchesPattern("\\d{4}-\\d\\d-\\d\\dT.*Z"))
                .body("secret", matchesPattern("whsec_[A-Za-z0-9_-]{43}"))
                .extract()
                .jsonPath();
        long id = created.getLong("id");
        as(auth).get("/v1/headless/webhooks")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].id", equalTo((int) id))
                .body("[0]", not(hasKey("secret")))
                .body("[0].url", equalTo(URL));
        as(auth).get("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("$", not(hasKey("secret")))
                .body("events", equalTo(List.of("course.created", "migration.completed")));
        // Two endpoints never share a secret.
        String other = Hooks.create(auth, URL + "/2", "course.created").secret();
        assertThat(other).isNotEqualTo(created.getString("secret"));
    }

    @Test
    void theSecretIsStoredEncrypted() throws Throwable {
        long ws = TestKeys.newWorkspace();
        Hooks.Endpoint endpoint = Hooks.create(TestKeys.enterprise(ws), URL, "course.created");
        byte[] stored = Db.bytes("select secret_encrypted from webhook_endpoint where id = " + endpoint.id());
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain(endpoint.secret());
        assertThat(stored.length).isGreaterThan(endpoint.secret().length() + 16);
    }

    @Test
    void editEnableDisableAndDelete() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = Hooks.create(auth, URL, "course.created").id();
        as(auth).body(
                        "{\"events\":[\"course.completed\",\"course.completed\",\"quiz.failed\"],\"description\":\"Learners\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("events", equalTo(List.of("course.completed", "quiz.failed")))
                .body("description", equalTo("Learners"))
                .body("url", equalTo(URL))
                .body("enabled", equalTo(true))
                .body("$", not(hasKey("secret")));
        as(auth).body("{\"enabled\":false}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("enabled", equalTo(false))
                .body("description", equalTo("Learners"));
        as(auth).body("{\"url\":\"HTTPS://Other.Example.com/x?y=1\",\"enabled\":true,\"description\":\"\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("url", equalTo("https://other.example.com/x?y=1"))
                .body("enabled", equalTo(true))
                .body("description", nullValue());
        as(auth).body("{}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("enabled", equalTo(true));
        as(auth).delete("/v1/headless/webhooks/" + id).then().statusCode(204);
        as(auth).get("/v1/headless/webhooks/" + id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        as(auth).delete("/v1/headless/webhooks/" + id).then().statusCode(404);
        as(auth).get("/v1/headless/webhooks").then().header("X-Total-Count", "0");
    }

    @Test
    void badInputIs400NamingTheField() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        bad(auth, "{\"url\":\"http://hooks.example.com/x\",\"events\":[\"course.created\"]}", "url", "https://");
        bad(auth, "{\"events\":[\"course.created\"]}", "url", null);
        bad(auth, "{\"url\":\"not a url\",\"events\":[\"course.created\"]}", "url", null);
        bad(auth, "{\"url\":\"https://\",\"events\":[\"course.created\"]}", "url", null);
        bad(
                auth,
                "{\"url\":\"https://user:pw@hooks.example.com/\",\"events\":[\"course.created\"]}",
                "url",
                "credentials");
        bad(auth, "{\"url\":\"https://hooks.example.com/#frag\",\"events\":[\"course.created\"]}", "url", "fragment");
        bad(
                auth,
                "{\"url\":\"https://hooks.example.com/" + "a".repeat(2100) + "\",\"events\":[\"course.created\"]}",
                "url",
                "2048");
        bad(auth, "{\"url\":\"" + URL + "\",\"events\":[]}", "events", null);
        bad(auth, "{\"url\":\"" + URL + "\"}", "events", null);
        bad(
                auth,
                "{\"url\":\"" + URL + "\",\"events\":[\"course.created\",\"member.created\"]}",
                "events[1]",
                "subscribable");
        bad(
                auth,
                "{\"url\":\"" + URL + "\",\"events\":[\"course.created\"],\"description\":\"" + "d".repeat(1001)
                        + "\"}",
                "description",
                null);
        bad(auth, "{\"url\":\"" + URL + "\",\"events\":\"course.created\"}", "events", null);
        bad(
                auth,
                "{\"url\":\"" + URL + "\",\"events\":[\"course.created\"],\"secret\":\"mine\"}",
                "secret",
                "known field");
        as(auth).body("{\"url\":")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));
        long id = Hooks.create(auth, URL, "course.created").id();
        as(auth).body("{\"events\":[\"nope\"]}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("events[0]"));
        as(auth).body("{\"url\":\"ftp://x.example.com/\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("url"));
        as(auth).body("{\"enabled\":\"yes\"}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(400);
        as(auth).get("/v1/headless/webhooks/abc").then().statusCode(400).body("details[0].field", equalTo("id"));
        as(auth).body("{\"event\":\"course.updated\"}")
                .post("/v1/headless/webhooks/" + id + "/test")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("event"));
        as(auth).get("/v1/headless/webhooks/" + id + "/deliveries?status=lost")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("status"));
        as(auth).get("/v1/headless/webhooks/" + id + "/deliveries?length=1001")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("length"));
        as(auth).get("/v1/headless/webhooks/" + id + "/deliveries?page=-1")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("page"));
    }

    @Test
    void nonPublicAddressesAreRefusedAtCreation() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        for (String host : List.of(
                "10.1.2.3",
                "192.168.0.10",
                "172.16.5.5",
                "169.254.169.254",
                "127.0.0.2",
                "0.0.0.0",
                "100.64.0.1",
                "224.0.0.1",
                "[::1]",
                "[fe80::1]",
                "[fc00::1]",
                "[::ffff:10.0.0.1]",
                "[::]")) {
            as(auth).body("{\"url\":\"https://" + host + "/hook\",\"events\":[\"course.created\"]}")
                    .post("/v1/headless/webhooks")
                    .then()
                    .statusCode(400)
                    .body("details[0].field", equalTo("url"))
                    .body("message", containsString("address"));
        }
        // The test configuration allows 127.0.0.1/32 (as the local suite does), in either notation.
        as(auth).body("{\"url\":\"https://127.0.0.1:9443/hook\",\"events\":[\"course.created\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201);
    }

    @Test
    void anotherWorkspacesEndpointsAndDeliveriesAre404() {
        String owner = TestKeys.enterprise(TestKeys.newWorkspace());
        String stranger = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = Hooks.create(owner, URL, "course.created").id();
        String delivery = as(owner)
                .post("/v1/headless/webhooks/" + id + "/test")
                .then()
                .statusCode(202)
                .body("deliveryId", notNullValue())
                .extract()
                .jsonPath()
                .getString("deliveryId");
        as(stranger).get("/v1/headless/webhooks/" + id).then().statusCode(404);
        as(stranger)
                .body("{\"enabled\":false}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(404);
        as(stranger).delete("/v1/headless/webhooks/" + id).then().statusCode(404);
        as(stranger).post("/v1/headless/webhooks/" + id + "/test").then().statusCode(404);
        as(stranger).get("/v1/headless/webhooks/" + id + "/deliveries").then().statusCode(404);
        as(stranger)
                .post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        as(stranger).get("/v1/headless/webhooks").then().statusCode(200).header("X-Total-Count", "0");
        // Unknown and malformed delivery ids are 404 as well.
        as(owner)
                .post("/v1/headless/webhooks/deliveries/" + UUID.randomUUID() + "/replay")
                .then()
                .statusCode(404);
        as(owner)
                .post("/v1/headless/webhooks/deliveries/not-a-uuid/replay")
                .then()
                .statusCode(404);
        // The owner still has everything.
        as(owner)
                .get("/v1/headless/webhooks/" + id + "/deliveries")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("id", hasItem(delivery));
        as(owner).get("/v1/headless/webhooks/" + id).then().statusCode(200);
    }

    @Test
    void starterPlanIs403AndNoKeyIs401() {
        String starter = TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live");
        as(starter)
                .body("{\"url\":\"" + URL + "\",\"events\":[\"course.created\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        given().contentType(ContentType.JSON)
                .body("{\"url\":\"" + URL + "\",\"events\":[\"course.created\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(401);
        given().post("/v1/headless/webhooks/deliveries/" + UUID.randomUUID() + "/replay")
                .then()
                .statusCode(401);
    }

    @Test
    void aWorkspaceHasAtMostTheConfiguredNumberOfEndpoints() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        for (int i = 0; i < 5; i++) {
            Hooks.create(auth, URL + "/" + i, "course.created");
        }
        as(auth).body("{\"url\":\"" + URL + "/6\",\"events\":[\"course.created\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"));
    }

    @Test
    void aDisabledEndpointTakesNoTestAndNoReplay() {
        String auth = TestKeys.enterprise(TestKeys.newWorkspace());
        long id = Hooks.create(auth, URL, "course.created").id();
        String delivery = as(auth).post("/v1/headless/webhooks/" + id + "/test")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("deliveryId");
        as(auth).body("{\"enabled\":false}")
                .patch("/v1/headless/webhooks/" + id)
                .then()
                .statusCode(200);
        as(auth).post("/v1/headless/webhooks/" + id + "/test")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        as(auth).post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then()
                .statusCode(409);
    }

    private static void bad(String auth, String body, String field, String messagePart) {
        var then = as(auth).body(body)
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", hasItem(field));
        if (messagePart != null) {
            then.body("message", containsString(messagePart));
        }
    }
}
