package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Clients retrying a slow request send it again while the first is still running: identical
 * (or overlapping) writes arriving at once all succeed, leave one row per enrolment or user,
 * and announce each new enrolment exactly once.
 */
@QuarkusTest
class ConcurrentWritesTest {

    private static final int CLIENTS = 6;

    private final ObjectMapper mapper = new ObjectMapper();
    private long scout;

    @Test
    void identicalAndOverlappingEnrolmentBatchesAtOnceAllSucceedAndEnrolEachPairOnce() throws Exception {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long c1 = EnrolmentsTest.course(ws, 8_000_000 + System.nanoTime() % 1_000_000, "Race one", "course.created");
        long c2 = EnrolmentsTest.course(ws, c1 + 1, "Race two", "course.created");
        long a = EnrolmentsTest.member(key, "Ava");
        long b = EnrolmentsTest.member(key, "Ben");
        long c = EnrolmentsTest.member(key, "Cal");
        long g = EnrolmentsTest.group(key, "Racers");
        projected(key, c1, c2);

        String batch = "{\"courses\":[" + c1 + "," + c2 + "],\"groups\":[" + g + "],\"students\":[" + a + "," + b + ","
                + c + "]}";
        List<Integer> statuses = atOnce(
                CLIENTS,
                i -> MembersApiTest.as(key)
                        .body(batch)
                        .post("/api/v1/enrolments/batch")
                        .statusCode());
        assertThat(statuses).containsOnly(204);
        for (long student : List.of(a, b, c)) {
            given().header("Authorization", key.header())
                    .queryParam("user", student)
                    .get("/api/v1/enrolments")
                    .then()
                    .statusCode(200)
                    .header("X-Total-Count", "3");
        }
        assertThat(createdEvents(ws)).hasSize(9).doesNotHaveDuplicates();

        // Overlapping batches listing ids in different orders, with single enrolments among them.
        long d = EnrolmentsTest.member(key, "Dot");
        long e = EnrolmentsTest.member(key, "Eli");
        List<Integer> mixed = atOnce(CLIENTS, i -> switch (i % 3) {
            case 0 ->
                MembersApiTest.as(key)
                        .body("{\"courses\":[" + c2 + "," + c1 + "],\"groups\":[" + g + "],\"students\":[" + e + "," + d
                                + "," + a + "]}")
                        .post("/api/v1/enrolments/batch")
                        .statusCode();
            case 1 ->
                MembersApiTest.as(key)
                        .body("{\"courses\":[" + c1 + "],\"groups\":[" + g + "],\"students\":[" + d + "," + e + "]}")
                        .post("/api/v1/enrolments/batch")
                        .statusCode();
            default -> EnrolmentsTest.enrol(key, "user=" + e + "&course=" + c1).statusCode();
        });
        assertThat(mixed).allSatisfy(status -> assertThat(status).isIn(201, 204));
        for (long student : List.of(d, e)) {
            given().header("Authorization", key.header())
                    .queryParam("user", student)
                    .get("/api/v1/enrolments")
                    .then()
                    .header("X-Total-Count", "3");
        }
        assertThat(createdEvents(ws)).hasSize(15).doesNotHaveDuplicates();
        // The workspace's counter (the unfiltered total) counted each row once: 5 x 3, and the scout's 2.
        given().header("Authorization", key.header())
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "17");
    }

    @Test
    void identicalGroupBatchesAtOnceAllSucceedAndEnrolTheGroupOncePerCourse() throws Exception {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long c1 = EnrolmentsTest.course(ws, 9_000_000 + System.nanoTime() % 1_000_000, "Group one", "course.created");
        long c2 = EnrolmentsTest.course(ws, c1 + 1, "Group two", "course.created");
        long c3 = EnrolmentsTest.course(ws, c1 + 2, "Group three", "course.created");
        long g = EnrolmentsTest.group(key, "Crowd");
        projected(key, c1, c2, c3);

        List<Integer> statuses = atOnce(
                CLIENTS,
                i -> MembersApiTest.as(key)
                        .body("{\"group\":" + g + ",\"courses\":[" + c1 + "," + c2 + "," + c3 + "]}")
                        .post("/api/v1/enrolments/group/batch")
                        .statusCode());
        assertThat(statuses).containsOnly(204);
        List<Long> courses = given().header("Authorization", key.header())
                .queryParam("group", g)
                .get("/api/v1/enrolments")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3")
                .extract()
                .jsonPath()
                .getList("course", Long.class);
        assertThat(courses).containsExactlyInAnyOrder(c1, c2, c3);
        List<String> events = createdEvents(ws);
        assertThat(events.stream().filter(k -> k.startsWith("null/")))
                .hasSize(3)
                .doesNotHaveDuplicates();
    }

    @Test
    void theSameEnrolmentPostedAtOnceIsOneRowAnsweredToEveryClient() throws Exception {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        long course = EnrolmentsTest.course(ws, 10_000_000 + System.nanoTime() % 1_000_000, "Single", "course.created");
        long fay = EnrolmentsTest.member(key, "Fay");
        long g = EnrolmentsTest.group(key, "Singles");
        projected(key, course);

        List<Response> answers = atOnce(
                CLIENTS,
                i -> EnrolmentsTest.enrol(
                        key, i % 2 == 0 ? "user=" + fay + "&course=" + course : "user=" + fay + "&group=" + g));
        assertThat(answers).extracting(Response::statusCode).containsOnly(201);
        Set<Long> ids = new HashSet<>();
        answers.forEach(r -> ids.add(r.jsonPath().getLong("id")));
        assertThat(ids).hasSize(2);
        given().header("Authorization", key.header())
                .queryParam("user", fay)
                .get("/api/v1/enrolments")
                .then()
                .header("X-Total-Count", "2");
        assertThat(createdEvents(ws).stream().filter(k -> k.startsWith(fay + "/")))
                .hasSize(2)
                .doesNotHaveDuplicates();
    }

    @Test
    void oneNewEmailAddedByManyWorkspacesAtOnceIsOneUserInEach() throws Exception {
        List<Admin.Key> keys = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            keys.add(Admin.key(Admin.workspace("build", "[]"), "live"));
        }
        String email = MembersApiTest.unique("everywhere");
        String other = MembersApiTest.unique("batched");
        List<Response> answers = atOnce(
                CLIENTS,
                i -> i % 2 == 0
                        ? MembersApiTest.as(keys.get(i))
                                .body("{\"email\":\"" + email + "\"}")
                                .post("/api/v1/members")
                        : MembersApiTest.as(keys.get(i))
                                .body("{\"emails\":[\"" + other + "\",\"" + email + "\"]}")
                                .post("/api/v1/members/batch"));
        assertThat(answers).extracting(Response::statusCode).containsOnly(200);
        Set<Long> ids = new HashSet<>();
        for (int i = 0; i < CLIENTS; i++) {
            ids.add(answers.get(i).jsonPath().getLong(i % 2 == 0 ? "id" : "find { it.email == '" + email + "' }.id"));
        }
        assertThat(ids).hasSize(1);
        for (Admin.Key key : keys) {
            given().header("Authorization", key.header())
                    .get("/api/v1/members/" + ids.iterator().next())
                    .then()
                    .statusCode(200);
        }
    }

    /**
     * Waits until the courses reached the projection, by enrolling a scout member in each; the
     * scout's enrolments stay (one per course) and its events are left out of the counts.
     */
    private long projected(Admin.Key key, long... courses) {
        long scout = EnrolmentsTest.member(key, "Scout");
        for (long course : courses) {
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> EnrolmentsTest.enrol(key, "user=" + scout + "&course=" + course)
                                    .statusCode()
                            == 201);
        }
        this.scout = scout;
        return scout;
    }

    /** Runs the calls on their own threads, released together; their answers in call order. */
    private static <T> List<T> atOnce(int n, Call<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch ready = new CountDownLatch(n);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Callable<T> task = () -> {
                    ready.countDown();
                    go.await();
                    return call.run(index);
                };
                futures.add(pool.submit(task));
            }
            ready.await();
            go.countDown();
            List<T> answers = new ArrayList<>();
            for (Future<T> f : futures) {
                answers.add(f.get());
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface Call<T> {
        T run(int index);
    }

    /**
     * The {@code enrolment.created} events the workspace's outbox holds, as "user/course/group"
     * (the scout's left out): each enrolment once when no event was doubled or lost.
     */
    private List<String> createdEvents(long ws) throws Exception {
        var config = ConfigProvider.getConfig();
        List<String> keys = new ArrayList<>();
        try (Connection db = DriverManager.getConnection(
                        config.getValue("quarkus.datasource.jdbc.url", String.class),
                        config.getValue("quarkus.datasource.username", String.class),
                        config.getValue("quarkus.datasource.password", String.class));
                var st = db.prepareStatement("select o.payload from outbox o where o.message_key = ?"
                        + " and o.type = 'enrolment.created' order by o.seq")) {
            st.setString(1, Long.toString(ws));
            try (ResultSet rows = st.executeQuery()) {
                while (rows.next()) {
                    JsonNode enrolment = mapper.readTree(rows.getString(1)).at("/data/enrolment");
                    String user = text(enrolment.get("user"));
                    if (!user.equals(Long.toString(scout))) {
                        keys.add(user + "/" + text(enrolment.get("course")) + "/" + text(enrolment.get("group")));
                    }
                }
            }
        }
        return keys;
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? "null" : value.asText();
    }
}
