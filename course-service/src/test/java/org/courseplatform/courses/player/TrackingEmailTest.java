package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.courseplatform.courses.player.CoursePlayerTest.embed;
import static org.courseplatform.courses.player.CoursePlayerTest.progress;
import static org.courseplatform.courses.player.CoursePlayerTest.publishedCourse;
import static org.courseplatform.courses.player.CoursePlayerTest.session;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * The learner's email in the player's tracking events, from the member projection that
 * member-events (as members-service publishes them) feed through the inbox.
 */
@QuarkusTest
class TrackingEmailTest {

    @Inject
    Pool pool;

    static String memberEvent(String eventId, String type, long ws, long memberId, String email, String username) {
        return "{\"specversion\":\"1.0\",\"id\":\"" + eventId + "\",\"source\":\"/members-service\",\"type\":\"" + type
                + "\",\"subject\":\"" + memberId + "\",\"time\":\"" + OffsetDateTime.now()
                + "\",\"datacontenttype\":\"application/json\","
                + "\"workspaceid\":" + ws + ",\"testmode\":false,\"data\":{\"member\":{\"id\":" + memberId
                + ",\"email\":\"" + email
                + "\",\"username\":\"" + username + "\",\"state\":\"active\",\"userType\":\"student\"}}}";
    }

    static void send(long ws, String event) {
        TestKafka.send("member-events", Long.toString(ws), event);
    }

    /** The projection's {member id: email} of a workspace. */
    Map<Long, String> members(long ws) {
        List<Row> rows = new ArrayList<>();
        pool.preparedQuery("select member_id, email from courses.member_projection where workspace_id = $1")
                .execute(Tuple.of(ws))
                .await()
                .atMost(Duration.ofSeconds(10))
                .forEach(rows::add);
        return rows.stream().collect(Collectors.toMap(r -> r.getLong(0), r -> r.getString(1)));
    }

    /** Plays the course to the end as {@code identifier}; answers its commenced and completed events. */
    static List<JsonNode> complete(String key, long ws, long course, String identifier) throws Exception {
        String session = session(embed(key, "{\"courseId\":" + course + ",\"identifier\":\"" + identifier + "\"}"));
        progress(session, "{\"screenIndex\":0,\"visibleSeconds\":1}").then().statusCode(200);
        progress(session, "{\"screenIndex\":1,\"visibleSeconds\":1,\"answers\":{\"q1\":[\"a2\"]}}")
                .then()
                .statusCode(200);
        List<JsonNode> events = CoursePlayerTest.events(
                ws,
                course,
                e -> e.path("type").asText().equals("course.completed")
                        && identifier.equals(e.path("data")
                                .path("tracking")
                                .path("identifier")
                                .asText()));
        List<JsonNode> mine = events.stream()
                .filter(e -> identifier.equals(
                        e.path("data").path("tracking").path("identifier").asText()))
                .toList();
        assertThat(mine)
                .extracting(e -> e.path("type").asText())
                .containsExactlyInAnyOrder("course.commenced", "course.completed");
        return mine;
    }

    static void assertEmail(List<JsonNode> events, String email) {
        for (JsonNode event : events) {
            JsonNode tracking = event.path("data").path("tracking");
            assertThat(tracking.has("email")).isTrue();
            if (email == null) {
                assertThat(tracking.path("email").isNull()).as(event.toString()).isTrue();
            } else {
                assertThat(tracking.path("email").asText()).as(event.toString()).isEqualTo(email);
            }
        }
    }

    @Test
    void aMembersLearnerCarriesTheEmailByEmailUsernameOrIdAndOthersNull() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long memberId = 7_000_000 + System.nanoTime() % 1_000_000;
        String email = "ann-" + memberId + "@example.com";
        String username = "ann" + memberId;
        send(ws, memberEvent(UUID.randomUUID().toString(), "member.created", ws, memberId, email, username));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> email.equals(members(ws).get(memberId)));

        long course = publishedCourse(key, "t1");
        assertEmail(complete(key, ws, course, email.toUpperCase()), email);
        assertEmail(complete(key, ws, course, username), email);
        assertEmail(complete(key, ws, course, Long.toString(memberId)), email);
        assertEmail(complete(key, ws, course, "stranger-" + memberId), null);
        // The tracking list answers the same email.
        given().header("Authorization", key)
                .queryParam("identifier", username)
                .get("/v1/headless/course/" + course + "/tracking")
                .then()
                .statusCode(200)
                .body("[0].email", equalTo(email));
        given().header("Authorization", key)
                .queryParam("identifier", "stranger-" + memberId)
                .get("/v1/headless/course/" + course + "/tracking")
                .then()
                .statusCode(200)
                .body("[0].email", nullValue());
        // Another workspace's learner with the same identifier is not this member.
        long other = TestKeys.newWorkspace();
        String otherKey = TestKeys.header(other, "build", "", "", "live");
        assertEmail(complete(otherKey, other, publishedCourse(otherKey, "t1"), email), null);
    }

    @Test
    void memberDeletedRemovesTheEmailAndARedeliveredEventHasNoSecondEffect() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long memberId = 8_000_000 + System.nanoTime() % 1_000_000;
        String email = "bob-" + memberId + "@example.com";
        String created =
                memberEvent(UUID.randomUUID().toString(), "member.created", ws, memberId, email, "bob" + memberId);
        send(ws, created);
        send(ws, created);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> email.equals(members(ws).get(memberId)));

        send(ws, memberEvent(UUID.randomUUID().toString(), "member.deleted", ws, memberId, email, "bob" + memberId));
        await().atMost(Duration.ofSeconds(30)).until(() -> !members(ws).containsKey(memberId));
        // The creation redelivered after the deletion is a duplicate: the member stays deleted.
        // A later, new event of the same workspace (same partition) marks that the duplicate was read.
        send(ws, created);
        long next = memberId + 1;
        send(
                ws,
                memberEvent(
                        UUID.randomUUID().toString(),
                        "member.created",
                        ws,
                        next,
                        "cy-" + next + "@example.com",
                        "cy" + next));
        await().atMost(Duration.ofSeconds(30)).until(() -> members(ws).containsKey(next));
        assertThat(members(ws)).containsOnlyKeys(next);

        long course = publishedCourse(key, "t1");
        assertEmail(complete(key, ws, course, email), null);
        assertEmail(complete(key, ws, course, "cy" + next), "cy-" + next + "@example.com");
    }
}
