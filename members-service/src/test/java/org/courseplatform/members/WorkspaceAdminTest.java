package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** The operator admin API for workspaces. */
@QuarkusTest
class WorkspaceAdminTest {

    @Test
    void createsAWorkspaceWithPlanAddonsFeaturesAndLimit() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body(
                        "{\"name\":\"Acme\",\"plan\":\"scale\",\"addons\":[\"scorm_hosting\"],\"features\":[\"scorm_export\"],\"userLimit\":25}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .body("id", notNullValue())
                .body("name", equalTo("Acme"))
                .body("plan", equalTo("scale"))
                .body("addons", contains("scorm_hosting"))
                .body("features", contains("scorm_export"))
                .body("userLimit", equalTo(25));
    }

    @Test
    void patchChangesOnlyWhatIsSentAndNullRemovesTheLimit() {
        long id = given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Beta\",\"plan\":\"starter\",\"userLimit\":3}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"plan\":\"build\"}")
                .patch("/admin/v1/workspaces/" + id)
                .then()
                .statusCode(200)
                .body("plan", equalTo("build"))
                .body("name", equalTo("Beta"))
                .body("userLimit", equalTo(3));
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"userLimit\":null}")
                .patch("/admin/v1/workspaces/" + id)
                .then()
                .statusCode(200)
                .body("userLimit", nullValue());
        given().auth()
                .oauth2(Admin.operatorToken())
                .get("/admin/v1/workspaces/" + id)
                .then()
                .statusCode(200)
                .body("plan", equalTo("build"))
                .body("userLimit", nullValue());
    }

    @Test
    void unknownAddonOrFieldIs400() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"X\",\"plan\":\"build\",\"addons\":[\"teleport\"],\"colour\":\"red\"}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(400)
                .body("details.field", Matchers.hasItems("addons", "colour"));
    }

    @Test
    void unknownWorkspaceIs404() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .get("/admin/v1/workspaces/999999999")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"plan\":\"build\"}")
                .patch("/admin/v1/workspaces/999999999")
                .then()
                .statusCode(404);
    }

    @Test
    void adminApiNeedsTheOperatorToken() {
        given().contentType(ContentType.JSON)
                .body("{\"name\":\"X\",\"plan\":\"build\"}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("UNAUTHORIZED"));
        long ws = Admin.workspace("enterprise", "[]");
        Admin.Key key = Admin.key(ws, "live");
        given().header("Authorization", key.header())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"X\",\"plan\":\"build\"}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", Matchers.containsString("operator"));
        given().auth()
                .oauth2(Admin.operatorToken() + "x")
                .get("/admin/v1/workspaces/" + ws)
                .then()
                .statusCode(401);
    }
}
