package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.courseplatform.platform.testing.TestKafka;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The search queries of GET /api/v1/members and GET /api/v1/enrolments give exactly the rows,
 * order, pages and X-Total-Count of the unsearched list (a different statement: an index scan
 * of the workspace) filtered here by the spec's rule: a case-insensitive substring of first
 * name, last name, username and email (members), or of the member's text or the course's title
 * and key (enrolments). The data has the edge cases a rewritten query gets wrong: members of
 * every state, another workspace holding the same names, LIKE metacharacters in names and
 * emails, mixed case, a deleted course, a course whose title matches a member's name (the same
 * enrolment found twice), group-course enrolments without a user and user-group enrolments
 * without a course, and equal sort keys (the tie is broken by id).
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SearchResultsTest {

    private static final List<String> SORTS = List.of("namelastfirst", "name", "username", "email", "created", "added");

    private Admin.Key key;
    private String tag;
    private final Map<Long, String> courseText = new HashMap<>();

    @BeforeEach
    void data() {
        if (key != null) {
            return;
        }
        long ws = Admin.workspace("build", "[]");
        key = Admin.key(ws, "live");
        long otherWs = Admin.workspace("build", "[]");
        Admin.Key other = Admin.key(otherWs, "live");
        tag = Long.toString(System.nanoTime(), 36);
        String[][] people = {
            {"Anna", "Smith", "anna", "anna"},
            {"ANNA", "smithson", "asmith", "a.smith"},
            {"Zeta_One", "Percent%", "zeta", "pct%x"},
            {"Back\\slash", "Under_score", "under_x", "under_x"},
            {"Smith", "Anna", "rev", "rev"},
            {"Bo", "Xu", "bo", "bo"},
            {null, null, "nameless", "nameless"},
            {"Anna", "Smith", "twin", "twin"},
        };
        List<Long> members = new ArrayList<>();
        for (int i = 0; i < people.length; i++) {
            String[] p = people[i];
            StringBuilder json = new StringBuilder(
                    "{\"email\":\"" + p[3] + "-" + tag + "@Example.com\",\"username\":\"" + p[2] + "-" + tag + "\"");
            if (p[0] != null) {
                json.append(",\"firstname\":\"")
                        .append(p[0].replace("\\", "\\\\"))
                        .append("\",\"lastname\":\"")
                        .append(p[1])
                        .append('"');
            }
            if (i % 3 != 2) {
                json.append(",\"active\":true");
            }
            members.add(MembersApiTest.as(key)
                    .body(json + "}")
                    .post("/api/v1/members")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath()
                    .getLong("id"));
            // The same people in another workspace, with enrolments of their own.
            MembersApiTest.as(other)
                    .body("{\"email\":\"o" + i + "-" + p[3] + "-" + tag + "@example.com\",\"firstname\":\"Anna\","
                            + "\"lastname\":\"Smith\",\"active\":true}")
                    .post("/api/v1/members")
                    .then()
                    .statusCode(200);
        }
        given().header("Authorization", key.header())
                .patch("/api/v1/members/unlink/" + members.get(4))
                .then()
                .statusCode(204);

        long base = 7_000_000 + System.nanoTime() % 1_000_000;
        long smithCourse = course(ws, base, "Smith workshop", "course.created");
        long golf = course(ws, base + 1, "Golf_101", "course.created");
        long gone = course(ws, base + 2, "Deleted anna course", "course.created");
        long elsewhere = course(otherWs, base + 3, "Smith workshop", "course.created");
        long otherGroup = group(other, "g");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> enrol(key, "user=" + members.get(0) + "&course=" + smithCourse)
                                        .statusCode()
                                == 201
                        && enrol(key, "user=" + members.get(0) + "&course=" + gone)
                                        .statusCode()
                                == 201
                        && enrol(other, "group=" + otherGroup + "&course=" + elsewhere)
                                        .statusCode()
                                == 201);
        long group = group(key, "Team");
        for (int i = 0; i < members.size(); i++) {
            enrol(key, "user=" + members.get(i) + "&course=" + (i % 2 == 0 ? smithCourse : golf))
                    .then()
                    .statusCode(201);
            if (i % 3 == 0) {
                enrol(
                                key,
                                "user=" + members.get(i) + "&group=" + group + "&role="
                                        + (i % 2 == 0 ? "teacher" : "student"))
                        .then()
                        .statusCode(201);
            }
        }
        enrol(key, "group=" + group + "&course=" + golf).then().statusCode(201);
        enrol(key, "group=" + group + "&course=" + smithCourse).then().statusCode(201);
        course(ws, gone, "Deleted anna course", "course.deleted");
        // Its enrolments stay (and are searched by its title); no new ones once the deletion is in.
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        enrol(key, "user=" + members.get(1) + "&course=" + gone).statusCode() == 404);
    }

    private long course(long ws, long id, String title, String type) {
        String event = "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                + "\",\"source\":\"/course-service\",\"type\":\"" + type
                + "\",\"subject\":\"" + id + "\",\"time\":\"" + OffsetDateTime.now()
                + "\",\"datacontenttype\":\"application/json\","
                + "\"workspaceid\":" + ws + ",\"testmode\":false,\"data\":{\"course\":{\"id\":" + id + ",\"title\":\""
                + title
                + "\",\"key\":\"K-" + id + "\",\"clientIdentifier\":null,\"identifier\":\"a\",\"type\":\"course\"}}}";
        TestKafka.send("course-events", Long.toString(id), event);
        courseText.put(id, (title + " K-" + id).toLowerCase(Locale.ROOT));
        return id;
    }

    private static long group(Admin.Key key, String name) {
        return MembersApiTest.as(key)
                .body("{\"name\":\"" + name + "\"}")
                .post("/api/v1/groups")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private static Response enrol(Admin.Key key, String form) {
        var request = given().header("Authorization", key.header()).contentType(ContentType.URLENC);
        for (String pair : form.split("&")) {
            String[] kv = pair.split("=");
            request.formParam(kv[0], kv[1]);
        }
        return request.post("/api/v1/enrolments");
    }

    /** Every row of a list, paged through with pages of 100. */
    private List<Map<String, Object>> all(String path, String sizeParam, Map<String, String> query) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int page = 0; ; page++) {
            List<Map<String, Object>> got = given().header("Authorization", key.header())
                    .queryParams(query)
                    .queryParam(sizeParam, "100")
                    .queryParam("page", page)
                    .get(path)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath()
                    .getList("");
            rows.addAll(got);
            if (got.size() < 100) {
                return rows;
            }
        }
    }

    private static String text(Map<String, Object> member) {
        List<String> parts = new ArrayList<>();
        for (String field : List.of("firstname", "lastname", "username", "email")) {
            Object value = member.get(field);
            parts.add(value == null ? "" : value.toString());
        }
        return String.join(" ", parts).toLowerCase(Locale.ROOT);
    }

    /** The searched list equals the expected ids in pages of 2 and of 100, each page with the total. */
    private void assertPages(String path, String sizeParam, Map<String, String> query, List<Long> expected) {
        for (int size : new int[] {2, 100}) {
            List<Long> got = new ArrayList<>();
            for (int page = 0; page <= expected.size() / size + 1; page++) {
                Response response = given().header("Authorization", key.header())
                        .queryParams(query)
                        .queryParam(sizeParam, size)
                        .queryParam("page", page)
                        .get(path);
                assertEquals(200, response.statusCode(), query + " page " + page);
                assertEquals(
                        Integer.toString(expected.size()),
                        response.header("X-Total-Count"),
                        query + " page " + page + " of " + size);
                response.jsonPath().getList("id", Number.class).forEach(id -> got.add(id.longValue()));
            }
            assertEquals(expected, got, query + " in pages of " + size);
        }
    }

    @Test
    void memberSearchesAreTheFilteredListInEveryOrderStateAndPage() {
        List<String> terms = List.of(
                "anna",
                "SMITH",
                "Anna Smith",
                "%",
                "_",
                "\\",
                "under_",
                "pct%",
                "a.s",
                "@example",
                tag,
                "-" + tag + "@EXAMPLE.COM",
                "e",
                "nobody");
        for (String sort : SORTS) {
            for (String reverse : List.of("0", "1")) {
                for (String state : new String[] {null, "active", "pending", "inactive"}) {
                    Map<String, String> listQuery = new HashMap<>(Map.of("sort", sort, "reverse", reverse));
                    if (state != null) {
                        listQuery.put("state", state);
                    }
                    List<Map<String, Object>> everyone = all("/api/v1/members", "limit", listQuery);
                    for (String term : terms) {
                        if (state != null && !term.equals("anna") && !term.equals(tag)) {
                            continue;
                        }
                        String needle = term.strip().toLowerCase(Locale.ROOT);
                        List<Long> expected = everyone.stream()
                                .filter(m -> text(m).contains(needle))
                                .map(m -> ((Number) m.get("id")).longValue())
                                .toList();
                        Map<String, String> query = new HashMap<>(listQuery);
                        query.put("search", term);
                        assertPages("/api/v1/members", "limit", query, expected);
                    }
                }
            }
        }
    }

    @Test
    void enrolmentSearchesAreTheFilteredListWithEachEnrolmentOnce() {
        Map<Long, String> memberText = new HashMap<>();
        for (Map<String, Object> m : all("/api/v1/members", "limit", Map.of())) {
            memberText.put(((Number) m.get("id")).longValue(), text(m));
        }
        // In the list's own order (created, then id).
        List<Map<String, Object>> everything = all("/api/v1/enrolments", "length", Map.of());
        for (String term : List.of(
                "anna", "SMITH", "smith workshop", "_", "golf_", "k-", "deleted", "Anna Smith", tag, "e", "nobody")) {
            String needle = term.strip().toLowerCase(Locale.ROOT);
            List<Long> expected = everything.stream()
                    .filter(e -> {
                        Object user = e.get("user");
                        Object course = e.get("course");
                        return user != null
                                        && memberText
                                                .getOrDefault(((Number) user).longValue(), "")
                                                .contains(needle)
                                || course != null
                                        && courseText
                                                .getOrDefault(((Number) course).longValue(), "")
                                                .contains(needle);
                    })
                    .map(e -> ((Number) e.get("id")).longValue())
                    .toList();
            assertPages("/api/v1/enrolments", "length", Map.of("search", term), expected);
        }
        assertEquals(true, everything.size() > 10, "the data has enrolments");
    }
}
