package org.courseplatform.migrations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.courseplatform.platform.auth.Plan;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.testing.AgentTokens;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.junit.jupiter.api.Test;

/**
 * Migrations that agent-gateway asks for on behalf of an agent (a delegated service token): only
 * courses of the agent's tenant are migrated; any other course answers as an unknown one, alone or
 * in a batch, and stays as it was (DESIGN.md section 6).
 */
@QuarkusTest
class AgentMigrationsTest {

    static String agent(long workspaceId, String tenant) {
        return "Bearer "
                + AgentTokens.delegated(
                        "migration-service",
                        new WorkspaceCaller(
                                workspaceId,
                                42,
                                false,
                                Plan.BUILD,
                                List.of(),
                                List.of(),
                                new WorkspaceCaller.Agent("agent-7", tenant)));
    }

    @Test
    void anAgentMigratesOnlyCoursesOfItsTenant() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long own = Courses.importCourse(key, "t1", Courses.CONVERTIBLE);
        long other = Courses.importCourse(key, "t2", Courses.CONVERTIBLE);
        long workspaceDefault = Courses.importCourse(key, null, Courses.CONVERTIBLE);
        String t1 = agent(ws, "t1");

        for (long id : new long[] {other, workspaceDefault}) {
            given().header("Authorization", t1)
                    .post("/v1/headless/course/" + id + "/migrate")
                    .then()
                    .statusCode(404)
                    .body("error.code", equalTo("NOT_FOUND"))
                    .body("message", equalTo("Course " + id + " not found"));
            assertThat(Courses.course(key, id).getString("format")).isEqualTo("classic");
        }
        given().header("Authorization", t1)
                .post("/v1/headless/course/" + own + "/migrate")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"));

        // Without a tenant the agent reaches the workspace-default tenant only.
        String plain = agent(ws, null);
        given().header("Authorization", plain)
                .post("/v1/headless/course/" + other + "/migrate")
                .then()
                .statusCode(404);
        given().header("Authorization", plain)
                .contentType(ContentType.JSON)
                .body(MigrationsTest.ids(workspaceDefault))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(200)
                .body("status", equalTo("migrated"));
        assertThat(Courses.course(key, other).getString("format")).isEqualTo("classic");
    }

    @Test
    void anAgentsBatchFailsOtherTenantsCoursesAsNotFoundAndOnlyItSeesTheBatch() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long own = Courses.importCourse(key, "t1", Courses.CONVERTIBLE);
        long other = Courses.importCourse(key, "t2", Courses.CONVERTIBLE);
        String t1 = agent(ws, "t1");

        String batchId = given().header("Authorization", t1)
                .contentType(ContentType.JSON)
                .body(MigrationsTest.ids(own, other))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("id");
        JsonPath batch = MigrationsTest.awaitBatch(t1, batchId);
        assertThat(batch.getString("status")).isEqualTo("completed_with_errors");
        assertThat(MigrationsTest.item(batch, own).get("status")).isEqualTo("migrated");
        assertThat(MigrationsTest.item(batch, other).get("status")).isEqualTo("failed");
        assertThat(MigrationsTest.item(batch, other).get("reason")).isEqualTo("not_found");
        assertThat(MigrationsTest.item(batch, other).get("title")).isNull();
        assertThat(Courses.course(key, other).getString("format")).isEqualTo("classic");

        // The workspace's key sees every batch; an agent of another tenant sees neither this one nor the key's.
        given().header("Authorization", key)
                .get("/v1/headless/course-migrations/" + batchId)
                .then()
                .statusCode(200);
        given().header("Authorization", agent(ws, "t2"))
                .get("/v1/headless/course-migrations/" + batchId)
                .then()
                .statusCode(404);
        given().header("Authorization", agent(ws, null))
                .get("/v1/headless/course-migrations/" + batchId)
                .then()
                .statusCode(404);
        String keyBatch = given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(MigrationsTest.ids(own, other))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("id");
        given().header("Authorization", t1)
                .get("/v1/headless/course-migrations/" + keyBatch)
                .then()
                .statusCode(404);
        MigrationsTest.awaitBatch(key, keyBatch);
    }

    @Test
    void agentGatewayMayCallOnlyForAnAgent() {
        long ws = TestKeys.newWorkspace();
        long id = Courses.importCourse(TestKeys.enterprise(ws), Courses.CONVERTIBLE);
        given().auth()
                .oauth2(TestTokens.serviceToken("agent-gateway", "migration-service"))
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        WorkspaceCaller caller = new WorkspaceCaller(
                ws, 42, false, Plan.BUILD, List.of(), List.of(), new WorkspaceCaller.Agent("agent-7", null));
        // Another service cannot act for an agent here (nor call at all: only agent-gateway is accepted).
        given().auth()
                .oauth2(AgentTokens.delegatedBy("course-service", "migration-service", caller))
                .post("/v1/headless/course/" + id + "/migrate")
                .then()
                .statusCode(401);
    }
}
