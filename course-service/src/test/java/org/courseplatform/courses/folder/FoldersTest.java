package org.courseplatform.courses.folder;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.course.CourseLifecycleTest.BUILDER2;
import static org.courseplatform.courses.course.CourseLifecycleTest.importCourse;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.course.AgentTenancyTest;
import org.courseplatform.platform.testing.TestKeys;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Folders: the tree and its rules, moving courses into folders, and the tenancy of both. */
@QuarkusTest
class FoldersTest {

    static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    static long folder(String key, String body) {
        return as(key).body(body)
                .post("/v1/headless/folders")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    static String key() {
        return TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
    }

    @Test
    void foldersFormATreeWithPathsAndSiblingNamesUniqueIgnoringCase() {
        String key = key();
        long sales = folder(key, "{\"name\":\" Sales \",\"clientIdentifier\":\"t1\"}");
        long onboarding = folder(key, "{\"name\":\"Onboarding\",\"parentId\":" + sales + "}");
        long week1 = folder(key, "{\"name\":\"Week 1\",\"parentId\":" + onboarding + "}");
        long archive = folder(key, "{\"name\":\"Archive\",\"clientIdentifier\":\"t1\"}");

        as(key).get("/v1/headless/folders/" + week1)
                .then()
                .statusCode(200)
                .body("name", equalTo("Week 1"))
                .body("parentId", equalTo((int) onboarding))
                .body("clientIdentifier", equalTo("t1"))
                .body("path", contains("Sales", "Onboarding", "Week 1"))
                .body("courseCount", equalTo(0))
                .body("createdAt", Matchers.notNullValue());
        // Tree order: by path, ignoring case.
        as(key).get("/v1/headless/folders")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "4")
                .body("id", contains((int) archive, (int) sales, (int) onboarding, (int) week1));
        as(key).queryParam("parentId", "root")
                .get("/v1/headless/folders")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("name", contains("Archive", "Sales"));
        as(key).queryParam("parentId", sales)
                .get("/v1/headless/folders")
                .then()
                .statusCode(200)
                .body("id", contains((int) onboarding));
        as(key).queryParam("length", 1)
                .queryParam("page", 1)
                .get("/v1/headless/folders")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "4")
                .body("id", contains((int) sales));

        as(key).body("{\"name\":\"sales\",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        as(key).body("{\"name\":\"ONBOARDING\",\"parentId\":" + sales + "}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(409);
        // The same name is fine elsewhere: under another parent, or in another tenant.
        folder(key, "{\"name\":\"Onboarding\",\"parentId\":" + archive + "}");
        folder(key, "{\"name\":\"Sales\",\"clientIdentifier\":\"t2\"}");
        as(key).body("{\"name\":\"ARCHIVE\"}")
                .patch("/v1/headless/folders/" + sales)
                .then()
                .statusCode(409);

        // A rename shows in the paths below.
        as(key).body("{\"name\":\"Sales team\"}")
                .patch("/v1/headless/folders/" + sales)
                .then()
                .statusCode(200)
                .body("path", contains("Sales team"));
        as(key).get("/v1/headless/folders/" + week1)
                .then()
                .body("path", contains("Sales team", "Onboarding", "Week 1"));
        // Renaming to the same name in another case is allowed.
        as(key).body("{\"name\":\"week 1\"}")
                .patch("/v1/headless/folders/" + week1)
                .then()
                .statusCode(200)
                .body("name", equalTo("week 1"))
                .body("parentId", equalTo((int) onboarding));
    }

    @Test
    void badFolderRequestsAre400NamingTheField() {
        String key = key();
        long top = folder(key, "{\"name\":\"Top\"}");
        for (String[] bad : List.of(
                new String[] {"{}", "name"},
                new String[] {"{\"name\":\"   \"}", "name"},
                new String[] {"{\"name\":\"" + "x".repeat(101) + "\"}", "name"},
                new String[] {"{\"name\":\"a\\u0007b\"}", "name"},
                new String[] {"{\"name\":\"A\",\"parentId\":0}", "parentId"},
                new String[] {"{\"name\":\"A\",\"parentId\":999999999}", "parentId"},
                new String[] {"{\"name\":\"A\",\"clientIdentifier\":\"\"}", "clientIdentifier"})) {
            as(key).body(bad[0])
                    .post("/v1/headless/folders")
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body("details[0].field", equalTo(bad[1]));
        }
        as(key).body("{\"name\":\"A\",\"colour\":\"red\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(400);
        as(key).body("{\"parentId\":0}")
                .patch("/v1/headless/folders/" + top)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("parentId"));
        as(key).body("{\"parentId\":\"up\"}")
                .patch("/v1/headless/folders/" + top)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("parentId"));
        as(key).body("{\"name\":\"\"}")
                .patch("/v1/headless/folders/" + top)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("name"));
        as(key).queryParam("parentId", "x")
                .get("/v1/headless/folders")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("parentId"));
        as(key).get("/v1/headless/folders/abc").then().statusCode(400).body("details[0].field", equalTo("id"));
        as(key).get("/v1/headless/folders/999999999").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void movesRefuseCyclesOtherTenantsAndTooDeepTrees() {
        String key = key();
        long a = folder(key, "{\"name\":\"A\",\"clientIdentifier\":\"t1\"}");
        long b = folder(key, "{\"name\":\"B\",\"parentId\":" + a + "}");
        long c = folder(key, "{\"name\":\"C\",\"parentId\":" + b + "}");
        long other = folder(key, "{\"name\":\"Other\",\"clientIdentifier\":\"t2\"}");

        as(key).body("{\"parentId\":" + a + "}")
                .patch("/v1/headless/folders/" + a)
                .then()
                .statusCode(409);
        as(key).body("{\"parentId\":" + c + "}")
                .patch("/v1/headless/folders/" + a)
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
        as(key).body("{\"parentId\":" + other + "}")
                .patch("/v1/headless/folders/" + b)
                .then()
                .statusCode(409);
        as(key).body("{\"name\":\"X\",\"parentId\":" + other + ",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(409);
        // A tenant-scoped call does not see another tenant's folder: a bad field.
        as(key).queryParam("clientIdentifier", "t1")
                .body("{\"parentId\":" + other + "}")
                .patch("/v1/headless/folders/" + b)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("parentId"));

        // Move C (with nothing below) to the top level, then B under C: C > B.
        as(key).body("{\"parentId\":null}")
                .patch("/v1/headless/folders/" + c)
                .then()
                .statusCode(200)
                .body("parentId", nullValue())
                .body("path", contains("C"));
        as(key).body("{\"parentId\":" + c + "}")
                .patch("/v1/headless/folders/" + b)
                .then()
                .statusCode(200)
                .body("path", contains("C", "B"));
        as(key).get("/v1/headless/folders/" + a).then().body("parentId", nullValue());

        // Depth: a chain of 8 is the most; a 9th level is refused, so is moving C > B under level 7.
        long parent = a;
        List<Long> chain = new ArrayList<>(List.of(a));
        for (int depth = 2; depth <= 8; depth++) {
            parent = folder(key, "{\"name\":\"L" + depth + "\",\"parentId\":" + parent + "}");
            chain.add(parent);
        }
        as(key).get("/v1/headless/folders/" + parent).then().body("path", hasSize(8));
        as(key).body("{\"name\":\"L9\",\"parentId\":" + parent + "}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(409);
        as(key).body("{\"parentId\":" + chain.get(6) + "}")
                .patch("/v1/headless/folders/" + c)
                .then()
                .statusCode(409);
        as(key).body("{\"parentId\":" + chain.get(5) + "}")
                .patch("/v1/headless/folders/" + c)
                .then()
                .statusCode(200)
                .body("path", hasSize(7));
        as(key).get("/v1/headless/folders/" + b).then().body("path", hasSize(8));
    }

    @Test
    void aFolderIsDeletedOnlyWhenEmpty() {
        String key = key();
        long top = folder(key, "{\"name\":\"Top\"}");
        long inner = folder(key, "{\"name\":\"Inner\",\"parentId\":" + top + "}");
        long course = importCourse(key, "author", null, BUILDER2);
        as(key).body("{\"folderId\":" + inner + "}")
                .put("/v1/headless/course/" + course + "/folder")
                .then()
                .statusCode(200);

        as(key).delete("/v1/headless/folders/" + top).then().statusCode(409).body("error.code", equalTo("CONFLICT"));
        as(key).delete("/v1/headless/folders/" + inner).then().statusCode(409);
        as(key).get("/v1/headless/folders/" + inner).then().body("courseCount", equalTo(1));

        // A deleted course does not keep its folder: the folder goes, the restored course is in none.
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + course)
                .then()
                .statusCode(200);
        as(key).get("/v1/headless/folders/" + inner).then().body("courseCount", equalTo(0));
        as(key).delete("/v1/headless/folders/" + inner).then().statusCode(204);
        as(key).get("/v1/headless/folders/" + inner).then().statusCode(404);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + course + "/restore")
                .then()
                .statusCode(200)
                .body("folderId", nullValue());
        as(key).delete("/v1/headless/folders/" + top).then().statusCode(204);
        as(key).delete("/v1/headless/folders/" + top).then().statusCode(404);
    }

    @Test
    void coursesMoveIntoFoldersOfTheirTenantAndTheListFiltersByFolder() {
        String key = key();
        long t1 = folder(key, "{\"name\":\"T1\",\"clientIdentifier\":\"t1\"}");
        long t1b = folder(key, "{\"name\":\"T1 b\",\"clientIdentifier\":\"t1\"}");
        long plain = folder(key, "{\"name\":\"Plain\"}");
        long a = importCourse(key, "author", "t1", BUILDER2);
        long b = importCourse(key, "author", "t1", BUILDER2);
        long c = importCourse(key, "author", "t1", BUILDER2);
        long other = importCourse(key, "author", "t2", BUILDER2);
        String etag = as(key).get("/v1/headless/course/" + a + "/content")
                .then()
                .extract()
                .header("ETag");

        as(key).body("{\"folderId\":" + t1 + "}")
                .put("/v1/headless/course/" + a + "/folder")
                .then()
                .statusCode(200)
                .body("courseId", equalTo((int) a))
                .body("folderId", equalTo((int) t1));
        as(key).body("{\"folderId\":" + t1 + "}")
                .put("/v1/headless/course/" + b + "/folder")
                .then()
                .statusCode(200);
        as(key).get("/v1/headless/courses/" + a).then().statusCode(200).body("folderId", equalTo((int) t1));
        // Not a draft change: the revision stays, so an editor's If-Match still holds.
        as(key).get("/v1/headless/course/" + a + "/content").then().header("ETag", equalTo(etag));

        as(key).queryParam("folderId", t1)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("id", contains((int) a, (int) b))
                .body("folderId", contains((int) t1, (int) t1));
        as(key).queryParam("folderId", "none")
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "2")
                .body("id", contains((int) c, (int) other))
                .body("[0].folderId", nullValue());
        as(key).queryParam("folderId", "x")
                .get("/v1/headless/courses")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("folderId"));
        as(key).get("/v1/headless/folders/" + t1).then().body("courseCount", equalTo(2));

        // Move on, and out.
        as(key).body("{\"folderId\":" + t1b + "}")
                .put("/v1/headless/course/" + b + "/folder")
                .then()
                .statusCode(200);
        as(key).body("{\"folderId\":null}")
                .put("/v1/headless/course/" + a + "/folder")
                .then()
                .statusCode(200)
                .body("folderId", nullValue());
        as(key).queryParam("folderId", t1).get("/v1/headless/courses").then().header("X-Total-Count", "0");

        as(key).body("{\"folderId\":" + plain + "}")
                .put("/v1/headless/course/" + c + "/folder")
                .then()
                .statusCode(409);
        as(key).body("{\"folderId\":" + t1 + "}")
                .put("/v1/headless/course/" + other + "/folder")
                .then()
                .statusCode(409);
        as(key).body("{}")
                .put("/v1/headless/course/" + c + "/folder")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("folderId"));
        as(key).body("{\"folderId\":\"t1\"}")
                .put("/v1/headless/course/" + c + "/folder")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("folderId"));
        as(key).body("{\"folderId\":999999999}")
                .put("/v1/headless/course/" + c + "/folder")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("folderId"));
        as(key).body("{\"folderId\":null}")
                .put("/v1/headless/course/999999999/folder")
                .then()
                .statusCode(404);
    }

    @Test
    void anotherWorkspaceOrTenantSeesNoFolderAndAnAgentWorksInItsOwnTenant() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long t1 = folder(key, "{\"name\":\"T1\",\"clientIdentifier\":\"t1\"}");
        long course = importCourse(key, "author", "t1", BUILDER2);

        String stranger = key();
        as(stranger).get("/v1/headless/folders/" + t1).then().statusCode(404);
        as(stranger)
                .body("{\"name\":\"X\"}")
                .patch("/v1/headless/folders/" + t1)
                .then()
                .statusCode(404);
        as(stranger).delete("/v1/headless/folders/" + t1).then().statusCode(404);
        as(stranger).get("/v1/headless/folders").then().statusCode(200).header("X-Total-Count", "0");
        as(stranger)
                .body("{\"folderId\":null}")
                .put("/v1/headless/course/" + course + "/folder")
                .then()
                .statusCode(404);
        as(stranger)
                .body("{\"name\":\"X\",\"parentId\":" + t1 + "}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("parentId"));

        as(key).queryParam("clientIdentifier", "t2")
                .get("/v1/headless/folders/" + t1)
                .then()
                .statusCode(404);
        as(key).queryParam("clientIdentifier", "t2")
                .get("/v1/headless/folders")
                .then()
                .header("X-Total-Count", "0");
        as(key).queryParam("clientIdentifier", "t1")
                .get("/v1/headless/folders")
                .then()
                .header("X-Total-Count", "1");

        String agentT2 = AgentTenancyTest.agent(ws, "agent-2", "t2");
        given().auth().oauth2(agentT2).get("/v1/headless/folders/" + t1).then().statusCode(404);
        given().auth().oauth2(agentT2).get("/v1/headless/folders").then().header("X-Total-Count", "0");
        long own = given().auth()
                .oauth2(agentT2)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Mine\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(201)
                .body("clientIdentifier", equalTo("t2"))
                .extract()
                .jsonPath()
                .getLong("id");
        given().auth()
                .oauth2(agentT2)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Theirs\",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(403);
        assertThat(own).isGreaterThan(t1);

        as(TestKeys.header(ws, "starter", "", "", "live"))
                .get("/v1/headless/folders")
                .then()
                .statusCode(403);
    }

    @Test
    void aWorkspaceHasALimitedNumberOfFolders() {
        String key = key();
        // The test profile's limit (courses.folders.max-per-workspace) is 30; the default is 1000.
        for (int i = 0; i < 30; i++) {
            folder(key, "{\"name\":\"F" + i + "\",\"clientIdentifier\":\"t" + (i % 2) + "\"}");
        }
        as(key).body("{\"name\":\"One more\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
    }

    /** Folders and collections record the agent that made them (a consumer-MCP member is one); an API key's, null. */
    @Test
    void foldersAndCollectionsRecordTheAgentThatMadeThem() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        String agent = AgentTenancyTest.agent(ws, "maker@example.com", null);
        long byKey = folder(key, "{\"name\":\"By the key\"}");
        long byAgent = AgentTenancyTest.as(agent)
                .body("{\"name\":\"By the agent\"}")
                .post("/v1/headless/folders")
                .then()
                .statusCode(201)
                .body("createdBy", equalTo("maker@example.com"))
                .extract()
                .jsonPath()
                .getLong("id");
        as(key).get("/v1/headless/folders/" + byKey).then().statusCode(200).body("createdBy", nullValue());
        as(key).get("/v1/headless/folders/" + byAgent)
                .then()
                .statusCode(200)
                .body("createdBy", equalTo("maker@example.com"));
        as(key).body("{\"title\":\"By the key\"}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(201)
                .body("createdBy", nullValue());
        long path = AgentTenancyTest.as(agent)
                .body("{\"title\":\"By the agent\"}")
                .post("/v1/headless/collections")
                .then()
                .statusCode(201)
                .body("createdBy", equalTo("maker@example.com"))
                .extract()
                .jsonPath()
                .getLong("id");
        as(key).get("/v1/headless/collections/" + path)
                .then()
                .statusCode(200)
                .body("createdBy", equalTo("maker@example.com"));
    }
}
