package org.courseplatform.courses.screen;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import java.util.Set;
import org.courseplatform.platform.testing.TestKeys;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** The layout catalogue and library screens. */
@QuarkusTest
class ScreensAndLayoutsTest {

    @Test
    void theCatalogueHasTwentyLayoutsInFourCategoriesWithOnlyTheListedFields() {
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .get("/v1/headless/layouts")
                .then()
                .statusCode(200)
                .body("size()", greaterThanOrEqualTo(20))
                .body("category", hasItems("text", "media", "interactive", "quiz"))
                .body("screenType", everyItem(Matchers.oneOf("blocks", "blocksQuiz")))
                .body("collect { it.keySet() }", everyItem(equalTo(Set.of("id", "name", "category", "screenType"))));
    }

    @Test
    void aScreenIsMadeFromALayoutOrByType() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        String layout = given().header("Authorization", key)
                .get("/v1/headless/layouts")
                .then()
                .extract()
                .jsonPath()
                .getString("find { it.category == 'text' }.id");
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("layoutId", layout, "identifier", "author", "clientIdentifier", "t1"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(201)
                .body("id", notNullValue());
        String quiz = given().header("Authorization", key)
                .get("/v1/headless/layouts")
                .then()
                .extract()
                .jsonPath()
                .getString("find { it.category == 'quiz' }.id");
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("layoutId", quiz, "identifier", "author", "title", "Check yourself"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(201)
                .body("id", notNullValue());
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("type", "blocksQuiz", "identifier", "author"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(201)
                .body("id", notNullValue());
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("typeId", 1, "identifier", "author"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(201);
    }

    @Test
    void badScreenRequestsAre400AndStarterIs403() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("layoutId", "no-such-layout", "identifier", "a"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("layoutId"));
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("type", "hologram", "identifier", "a"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("type"));
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body(Map.of("layoutId", "x"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(400)
                .body("details.field", hasItems("identifier"));
        String starter = TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live");
        given().header("Authorization", starter)
                .get("/v1/headless/layouts")
                .then()
                .statusCode(403);
        given().header("Authorization", starter)
                .contentType(ContentType.JSON)
                .body(Map.of("type", "blocks", "identifier", "a"))
                .post("/v1/headless/screen")
                .then()
                .statusCode(403);
    }
}
