package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Creating, reading, batch-adding, unlinking and deleting members. */
@QuarkusTest
class MembersApiTest {

    static RequestSpecification as(Admin.Key key) {
        return given().header("Authorization", key.header()).contentType(ContentType.JSON);
    }

    static String unique(String name) {
        return name + "-" + System.nanoTime() + "@example.com";
    }

    @Test
    void createStoresEveryFieldWithTheSpecsDefaults() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        String email = unique("ada");
        long id = as(key).body("{\"email\":\"" + email
                        + "\",\"userType\":\"team\",\"lastname\":\"Lovelace\",\"timezone\":\"Europe/London\","
                        + "\"avatar\":\"https://cdn.example.com/a.png\",\"locale\":\"en-GB\",\"email_verified\":\"yes\","
                        + "\"disable_course_enrolment_notification\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("id", notNullValue())
                .body("email", equalTo(email))
                .body("username", equalTo(email))
                .body("firstname", equalTo(email))
                .body("lastname", equalTo("Lovelace"))
                .body("userType", equalTo("team"))
                .body("timezone", equalTo("Europe/London"))
                .body("locale", equalTo("en-GB"))
                .body("email_verified", equalTo("yes"))
                .body("disable_course_enrolment_notification", equalTo(true))
                .body("state", equalTo("pending"))
                .body("password", nullValue())
                .body("added", notNullValue())
                .extract()
                .jsonPath()
                .getLong("id");
        given().header("Authorization", key.header())
                .get("/api/v1/members/" + id)
                .then()
                .statusCode(200)
                .body("email", equalTo(email));
        as(key).body("{\"email\":\"" + unique("pw") + "\",\"password\":\"correct horse\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("state", equalTo("active"));
        as(key).body("{\"email\":\"" + unique("sso") + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("state", equalTo("active"));
    }

    @Test
    void anExistingUserIsAddedNotDuplicated() {
        Admin.Key a = Admin.key(Admin.workspace("build", "[]"), "live");
        Admin.Key b = Admin.key(Admin.workspace("build", "[]"), "live");
        String email = unique("shared");
        long id = as(a).body("{\"email\":\"" + email + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        as(b).body("{\"email\":\"" + email.toUpperCase() + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("id", equalTo((int) id));
        as(a).body("{\"email\":\"" + email + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("id", equalTo((int) id));
        given().header("Authorization", b.header())
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1");
    }

    @Test
    void badEmailIs400AndTakenUsernameOrFullWorkspaceIs422() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        as(key).body("{}").post("/api/v1/members").then().statusCode(400).body("details[0].field", equalTo("email"));
        as(key).body("{\"email\":\"not-an-email\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("email"));
        String taken = "taken-" + System.nanoTime();
        as(key).body("{\"email\":\"" + unique("one") + "\",\"username\":\"" + taken + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        as(key).body("{\"email\":\"" + unique("two") + "\",\"username\":\"" + taken.toUpperCase() + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"));
        long small = given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Small\",\"plan\":\"build\",\"userLimit\":1}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        Admin.Key smallKey = Admin.key(small, "live");
        as(smallKey)
                .body("{\"email\":\"" + unique("first") + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        as(smallKey)
                .body("{\"email\":\"" + unique("second") + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(422)
                .body("message", Matchers.containsString("limit"));
    }

    @Test
    void batchIsAllOrNothing() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        String good = unique("b1");
        as(key).queryParam("userType", "student")
                .body("{\"emails\":[\"" + good + "\",\"nope\",\"also@bad\"]}")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(400)
                .body("details.field", hasItems("emails[1]", "emails[2]"));
        given().header("Authorization", key.header())
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");
        as(key).queryParam("userType", "student")
                .body("{\"emails\":[\"" + good + "\",\"" + unique("b2") + "\"]}")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(200)
                .body("size()", equalTo(2))
                .body("[0].email", equalTo(good))
                .body("[0].state", equalTo("pending"));
        long small = given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Small\",\"plan\":\"build\",\"userLimit\":2}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        Admin.Key smallKey = Admin.key(small, "live");
        as(smallKey)
                .body("{\"emails\":[\"" + unique("c1") + "\",\"" + unique("c2") + "\",\"" + unique("c3") + "\"]}")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        given().header("Authorization", smallKey.header())
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");
        as(smallKey)
                .queryParam("userType", "boss")
                .body("{\"emails\":[\"" + unique("d") + "\"]}")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("userType"));
    }

    @Test
    void unlinkDeactivatesHereOnlyAndDeleteRemoves() {
        Admin.Key a = Admin.key(Admin.workspace("build", "[]"), "live");
        Admin.Key b = Admin.key(Admin.workspace("build", "[]"), "live");
        String email = unique("both");
        long id = as(a).body("{\"email\":\"" + email + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        as(b).body("{\"email\":\"" + email + "\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        given().header("Authorization", a.header())
                .patch("/api/v1/members/unlink/" + id)
                .then()
                .statusCode(204);
        given().header("Authorization", a.header())
                .get("/api/v1/members/" + id)
                .then()
                .body("state", equalTo("inactive"));
        given().header("Authorization", b.header())
                .get("/api/v1/members/" + id)
                .then()
                .body("state", equalTo("active"));
        given().header("Authorization", a.header())
                .queryParam("state", "inactive")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1");
        given().header("Authorization", a.header())
                .queryParam("state", "active")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");
        given().header("Authorization", a.header())
                .delete("/api/v1/members/" + id)
                .then()
                .statusCode(201);
        given().header("Authorization", a.header())
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");
        given().header("Authorization", a.header())
                .get("/api/v1/members/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", a.header())
                .delete("/api/v1/members/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", b.header())
                .get("/api/v1/members/" + id)
                .then()
                .statusCode(200);
        given().header("Authorization", a.header())
                .patch("/api/v1/members/unlink/999999999")
                .then()
                .statusCode(404);
    }
}
