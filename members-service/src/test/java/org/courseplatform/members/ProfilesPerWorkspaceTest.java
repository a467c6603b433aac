package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.courseplatform.platform.web.TraceIds;
import org.junit.jupiter.api.Test;

/**
 * Profile fields are kept per membership: adding an existing email to a workspace answers none
 * of what another workspace set, changes in one workspace do not reach the other, and the 422
 * of a taken username says nothing about the user who holds it.
 */
@QuarkusTest
class ProfilesPerWorkspaceTest {

    @Test
    void aWorkspaceAddingAnExistingEmailSeesNothingAnotherWorkspaceSet() {
        Admin.Key a = Admin.key(Admin.workspace("build", "[]"), "live");
        Admin.Key b = Admin.key(Admin.workspace("build", "[]"), "live");
        String email = MembersApiTest.unique("shared-profile");
        long id = MembersApiTest.as(b)
                .body("{\"email\":\"" + email + "\",\"firstname\":\"Beatrix\",\"lastname\":\"Secretson\","
                        + "\"avatar\":\"https://cdn.example.com/b.png\",\"locale\":\"fr-FR\",\"timezone\":\"Europe/Paris\","
                        + "\"email_verified\":\"yes\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");

        // A adds the same email with nothing but the email: the spec's defaults (timezone and locale
        // detected: UTC, and en without Accept-Language), none of B's values.
        MembersApiTest.as(a)
                .body("{\"email\":\"" + email + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("id", equalTo((int) id))
                .body("firstname", equalTo(email))
                .body("lastname", nullValue())
                .body("avatar", nullValue())
                .body("locale", equalTo("en"))
                .body("timezone", equalTo("UTC"))
                .body("email_verified", nullValue());
        String seenByA = given().header("Authorization", a.header())
                .get("/api/v1/members/" + id)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String listedForA = given().header("Authorization", a.header())
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        for (String answer : new String[] {seenByA, listedForA}) {
            assertThat(answer).doesNotContain("Beatrix", "Secretson", "b.png", "fr-FR", "Europe/Paris", "\"yes\"");
        }
        // Nor can A find the member by B's names.
        given().header("Authorization", a.header())
                .queryParam("search", "secretson")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");
        given().header("Authorization", b.header())
                .queryParam("search", "secretson")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1");

        // A changes its membership (back after unlinking, with its own fields): B keeps its own.
        given().header("Authorization", a.header())
                .patch("/api/v1/members/unlink/" + id)
                .then()
                .statusCode(204);
        MembersApiTest.as(a)
                .body("{\"email\":\"" + email + "\",\"firstname\":\"Ann\",\"timezone\":\"UTC\",\"locale\":\"en-GB\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("firstname", equalTo("Ann"))
                .body("timezone", equalTo("UTC"))
                .body("locale", equalTo("en-GB"))
                .body("lastname", nullValue())
                .body("avatar", nullValue());
        given().header("Authorization", a.header())
                .queryParam("search", "ann")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1");
        given().header("Authorization", b.header())
                .get("/api/v1/members/" + id)
                .then()
                .statusCode(200)
                .body("firstname", equalTo("Beatrix"))
                .body("lastname", equalTo("Secretson"))
                .body("avatar", equalTo("https://cdn.example.com/b.png"))
                .body("locale", equalTo("fr-FR"))
                .body("timezone", equalTo("Europe/Paris"))
                .body("email_verified", equalTo("yes"));
        given().header("Authorization", b.header())
                .queryParam("search", "ann")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");

        // Back again without fields: A keeps what it set before.
        given().header("Authorization", a.header())
                .patch("/api/v1/members/unlink/" + id)
                .then()
                .statusCode(204);
        MembersApiTest.as(a)
                .body("{\"email\":\"" + email + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .body("firstname", equalTo("Ann"))
                .body("timezone", equalTo("UTC"));

        // A batch add is a bare membership too.
        Admin.Key c = Admin.key(Admin.workspace("build", "[]"), "live");
        MembersApiTest.as(c)
                .body("{\"emails\":[\"" + email + "\"]}")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(200);
        given().header("Authorization", c.header())
                .get("/api/v1/members/" + id)
                .then()
                .statusCode(200)
                .body("firstname", equalTo(email))
                .body("lastname", nullValue())
                .body("locale", equalTo("en"));
    }

    @Test
    void aTakenUsernameIs422AndTellsNothingAboutItsHolder() {
        Admin.Key a = Admin.key(Admin.workspace("build", "[]"), "live");
        Admin.Key b = Admin.key(Admin.workspace("build", "[]"), "live");
        String holder = MembersApiTest.unique("holder");
        String username = "holder-" + System.nanoTime();
        MembersApiTest.as(b)
                .body("{\"email\":\"" + holder + "\",\"username\":\"" + username + "\",\"firstname\":\"Hidden\","
                        + "\"lastname\":\"Holder\",\"locale\":\"de-DE\",\"timezone\":\"Europe/Berlin\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);

        String asked = username.toUpperCase();
        var refused = MembersApiTest.as(a)
                .body("{\"email\":\"" + MembersApiTest.unique("newcomer") + "\",\"username\":\"" + asked + "\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(422)
                .extract();
        JsonPath answer = refused.jsonPath();
        Map<String, Object> body = answer.getMap("");
        assertThat(body).containsOnlyKeys("message", "error", "traceId");
        assertThat(answer.getString("traceId")).isEqualTo(refused.header(TraceIds.HEADER));
        assertThat(answer.getMap("error")).containsOnly(Map.entry("code", "UNPROCESSABLE"), Map.entry("status", 422));
        assertThat(answer.getString("message")).isEqualTo("The username " + asked + " is taken by another user");
        // Nothing was created in A.
        given().header("Authorization", a.header())
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "0");
    }
}
