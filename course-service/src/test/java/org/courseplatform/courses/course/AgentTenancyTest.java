package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.course.CourseLifecycleTest.BUILDER2;
import static org.courseplatform.courses.course.CourseLifecycleTest.CLASSIC;
import static org.courseplatform.courses.course.CourseLifecycleTest.importCourse;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.auth.Plan;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.testing.AgentTokens;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/**
 * agent-gateway calling for an agent (a delegated service token): the agent sees, changes and
 * creates only in its own tenant, the workspace-default one when it has none, and owns what it
 * creates, whatever its query or body names (DESIGN.md section 6).
 */
@QuarkusTest
public class AgentTenancyTest {

    public static String agentToken(long workspaceId, Plan plan, String identifier, String tenant) {
        return AgentTokens.delegated(
                "course-service",
                new WorkspaceCaller(
                        workspaceId,
                        42,
                        false,
                        plan,
                        List.of(),
                        List.of(),
                        new WorkspaceCaller.Agent(identifier, tenant)));
    }

    public static String agent(long workspaceId, String identifier, String tenant) {
        return agentToken(workspaceId, Plan.BUILD, identifier, tenant);
    }

    public static RequestSpecification as(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON);
    }

    @Test
    void theListShowsOnlyTheAgentsTenantAndAnotherTenantsFilterIsEmpty() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long a1 = importCourse(key, "x", "t1", BUILDER2);
        long a2 = importCourse(key, "y", "t1", BUILDER2);
        long b = importCourse(key, "x", "t2", BUILDER2);
        long none = importCourse(key, "x", null, BUILDER2);

        String t1 = agent(ws, "agent-7", "t1");
        List<Integer> ids = given().auth()
                .oauth2(t1)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2")
                .body("clientIdentifier", everyItem(equalTo("t1")))
                .extract()
                .jsonPath()
                .getList("id");
        assertThat(ids).containsExactly((int) a1, (int) a2);
        given().auth()
                .oauth2(t1)
                .queryParam("clientIdentifier", "t1")
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "2");
        given().auth()
                .oauth2(t1)
                .queryParam("clientIdentifier", "t2")
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0")
                .body("size()", equalTo(0));

        // No tenant: the workspace-default tenant only, not "every tenant" as for an API key.
        String plain = agent(ws, "agent-8", null);
        given().auth()
                .oauth2(plain)
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].id", equalTo((int) none))
                .body("[0].clientIdentifier", nullValue());
        given().auth()
                .oauth2(plain)
                .queryParam("clientIdentifier", "t1")
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");
        // The API key still sees every tenant.
        given().header("Authorization", key)
                .get("/v1/headless/courses")
                .then()
                .header("X-Total-Count", "4")
                .body("id", hasItem((int) b));
    }

    @Test
    void anotherTenantsCourseIsUnknownToTheAgent() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long own = importCourse(key, "x", "t1", BUILDER2);
        long other = importCourse(key, "x", "t2", CLASSIC);
        long workspaceDefault = importCourse(key, "x", null, BUILDER2);
        String t1 = agent(ws, "agent-7", "t1");

        given().auth().oauth2(t1).get("/v1/headless/courses/" + own).then().statusCode(200);
        given().auth()
                .oauth2(t1)
                .get("/v1/headless/course/" + own + "/content")
                .then()
                .statusCode(200);
        for (long id : new long[] {other, workspaceDefault}) {
            for (String tenant : new String[] {null, "t2", "t1"}) {
                RequestSpecification call = given().auth().oauth2(t1);
                if (tenant != null) {
                    call.queryParam("clientIdentifier", tenant);
                }
                call.get("/v1/headless/courses/" + id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
            }
            given().auth()
                    .oauth2(t1)
                    .get("/v1/headless/course/content/" + id)
                    .then()
                    .statusCode(404);
            given().auth()
                    .oauth2(t1)
                    .get("/v1/headless/course/" + id + "/content")
                    .then()
                    .statusCode(404);
            as(t1).body("{\"document\":" + BUILDER2 + "}")
                    .put("/v1/headless/course/" + id + "/content")
                    .then()
                    .statusCode(404);
            given().auth()
                    .oauth2(t1)
                    .post("/v1/headless/course/" + id + "/publish")
                    .then()
                    .statusCode(404);
            given().auth().oauth2(t1).delete("/v1/headless/course/" + id).then().statusCode(404);
            given().auth()
                    .oauth2(t1)
                    .post("/v1/headless/course/" + id + "/duplicate")
                    .then()
                    .statusCode(404);
            given().auth()
                    .oauth2(t1)
                    .post("/v1/headless/course/" + id + "/migration-preview")
                    .then()
                    .statusCode(404);
            given().auth()
                    .oauth2(t1)
                    .post("/v1/headless/course/" + id + "/thumbnail")
                    .then()
                    .statusCode(404);
        }
        // Naming another tenant never widens the agent's view, even of its own course.
        given().auth()
                .oauth2(t1)
                .queryParam("clientIdentifier", "t2")
                .get("/v1/headless/courses/" + own)
                .then()
                .statusCode(404);
        // Nothing was changed behind the 404s.
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + other)
                .then()
                .statusCode(200)
                .body("published", equalTo(false))
                .body("deleted", equalTo(false))
                .body("format", equalTo("classic"));

        // An agent without a tenant reaches the workspace-default course only.
        String plain = agent(ws, "agent-8", null);
        given().auth()
                .oauth2(plain)
                .get("/v1/headless/courses/" + workspaceDefault)
                .then()
                .statusCode(200);
        given().auth()
                .oauth2(plain)
                .post("/v1/headless/course/" + workspaceDefault + "/publish")
                .then()
                .statusCode(200);
        given().auth().oauth2(plain).get("/v1/headless/courses/" + own).then().statusCode(404);
    }

    @Test
    void whatAnAgentCreatesIsItsOwnAndInItsTenant() {
        long ws = TestKeys.newWorkspace();
        String t1 = agent(ws, "agent-7", "t1");
        as(t1).body("{\"title\":\"Agent course\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("agent-7"))
                .body("clientIdentifier", equalTo("t1"));
        as(t1).body("{\"title\":\"Named\",\"identifier\":\"agent-7\",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("agent-7"));
        long imported = as(t1).body("{\"document\":" + BUILDER2 + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("agent-7"))
                .body("clientIdentifier", equalTo("t1"))
                .extract()
                .jsonPath()
                .getLong("id");

        as(t1).body("{\"title\":\"Elsewhere\",\"clientIdentifier\":\"t2\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("only in its own tenant"));
        as(t1).body("{\"title\":\"As someone\",\"identifier\":\"someone-else\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        as(t1).body("{\"identifier\":\"someone-else\",\"document\":" + BUILDER2 + "}")
                .post("/v1/headless/courses/import")
                .then()
                .statusCode(403);

        // A copy of a course the agent sees is the agent's, whoever owned the original, and stays in its tenant.
        String key = TestKeys.enterprise(ws);
        long authored = importCourse(key, "author", "t1", BUILDER2);
        as(t1).post("/v1/headless/course/" + authored + "/duplicate")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("agent-7"))
                .body("clientIdentifier", equalTo("t1"));
        as(t1).body("{\"clientIdentifier\":\"t2\"}")
                .post("/v1/headless/course/" + imported + "/duplicate")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        as(t1).body("{\"identifier\":\"author\"}")
                .post("/v1/headless/course/" + imported + "/duplicate")
                .then()
                .statusCode(403);

        // Library screens follow the same rules.
        as(t1).body(Map.of("type", "blocks")).post("/v1/headless/screen").then().statusCode(201);
        as(t1).body(Map.of("type", "blocks", "clientIdentifier", "t2"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(403);

        // An agent without a tenant creates in the workspace-default tenant and cannot leave it.
        String plain = agent(ws, "agent-8", null);
        as(plain)
                .body("{\"title\":\"Default\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("agent-8"))
                .body("clientIdentifier", nullValue());
        as(plain)
                .body("{\"title\":\"Default\",\"clientIdentifier\":\"t1\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(403);

        // An API key still names the owner, and must.
        CourseLifecycleTest.as(key)
                .body("{\"title\":\"Keyed\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", hasItem("identifier"));
        CourseLifecycleTest.as(key)
                .body("{\"title\":\"Keyed\",\"identifier\":\"someone\",\"clientIdentifier\":\"t9\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .body("identifier", equalTo("someone"));
    }

    @Test
    void theAgentHasTheEntitlementsOfItsKey() {
        long ws = TestKeys.newWorkspace();
        given().auth()
                .oauth2(agentToken(ws, Plan.STARTER, "agent-7", "t1"))
                .get("/v1/headless/courses")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
    }

    @Test
    void agentGatewayWithoutAnAgentMayNotCallAndNoOtherServiceMayActForOne() {
        long ws = TestKeys.newWorkspace();
        String plain = TestTokens.serviceToken("agent-gateway", "course-service");
        given().auth()
                .oauth2(plain)
                .get("/v1/headless/courses")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        given().auth()
                .oauth2(plain)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"x\",\"identifier\":\"x\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(403);
        // Nor may it use the internal course API, which is for scorm-service and migration-service.
        given().auth()
                .oauth2(plain)
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/987654321")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));

        WorkspaceCaller caller = new WorkspaceCaller(
                ws, 42, false, Plan.ENTERPRISE, List.of(), List.of(), new WorkspaceCaller.Agent("agent-7", "t1"));
        given().auth()
                .oauth2(AgentTokens.delegatedBy("scorm-service", "course-service", caller))
                .get("/v1/headless/courses")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"));
    }

    @Test
    void anAgentMintedFromAScopedKeyIsHeldToTheKeysScopes() {
        long ws = TestKeys.newWorkspace();
        String readOnly = AgentTokens.delegated(
                "course-service",
                new WorkspaceCaller(
                        ws,
                        43,
                        false,
                        Plan.BUILD,
                        List.of(),
                        List.of(),
                        new WorkspaceCaller.Agent("agent-r", null),
                        List.of("courses:read")));
        as(readOnly).get("/v1/headless/courses").then().statusCode(200);
        as(readOnly)
                .body("{\"title\":\"Not allowed\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(403)
                .body("error.reason", equalTo("missing_scope"))
                .body("message", equalTo("Caller not authorized to manage courses"));
    }
}
