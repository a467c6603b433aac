package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GET /api/v1/members: every sort key in both directions, the state filter, the search, paging
 * and the 400s naming the parameter. Three members whose orders differ per key:
 * <pre>
 *            first  last    username  email  created  added
 *   cara     Cara   Young   zed-…     b-…    2nd      1st     pending
 *   abe      Abe    Zimmer  yak-…     c-…    3rd      2nd     inactive (unlinked)
 *   bo       Bo     Xu      xen-…     a-…    1st      3rd     active
 * </pre>
 * Bo's user is created first in another workspace, so "created" and "added" differ.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MembersListTest {

    private Admin.Key key;
    private String suffix;
    private long cara;
    private long abe;
    private long bo;

    /** Once per class, lazily: the operator token exists only once the application is up. */
    @BeforeEach
    void threeMembers() throws InterruptedException {
        if (key != null) {
            return;
        }
        key = Admin.key(Admin.workspace("build", "[]"), "live");
        Admin.Key other = Admin.key(Admin.workspace("build", "[]"), "live");
        suffix = Long.toString(System.nanoTime());
        String boJson = member("Bo", "Xu", "xen", "a", true);
        bo = create(other, boJson);
        Thread.sleep(5);
        cara = create(key, member("Cara", "Young", "zed", "b", false));
        Thread.sleep(5);
        abe = create(key, member("Abe", "Zimmer", "yak", "c", true));
        Thread.sleep(5);
        create(key, boJson);
        given().header("Authorization", key.header())
                .patch("/api/v1/members/unlink/" + abe)
                .then()
                .statusCode(204);
    }

    private String member(String first, String last, String username, String emailPrefix, boolean active) {
        return "{\"email\":\"" + emailPrefix + "-" + suffix + "@example.com\",\"firstname\":\"" + first
                + "\",\"lastname\":\"" + last + "\",\"username\":\"" + username + "-" + suffix + "\""
                + (active ? ",\"active\":true" : "") + "}";
    }

    private static long create(Admin.Key key, String json) {
        return MembersApiTest.as(key)
                .body(json)
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private List<Integer> ids(long... ids) {
        return Arrays.stream(ids).mapToObj(i -> (int) i).toList();
    }

    private RequestSpecification list() {
        return given().header("Authorization", key.header());
    }

    @ParameterizedTest(name = "sort={0}")
    @CsvSource({"namelastfirst", "name", "username", "email", "created", "added"})
    void eachSortKeyOrdersAscendingAndReverseDescending(String sort) {
        List<Integer> expected = switch (sort) {
            case "namelastfirst" -> ids(bo, cara, abe);
            case "name" -> ids(abe, bo, cara);
            case "username" -> ids(bo, abe, cara);
            case "email" -> ids(bo, cara, abe);
            case "created" -> ids(bo, cara, abe);
            case "added" -> ids(cara, abe, bo);
            default -> throw new IllegalArgumentException(sort);
        };
        list().queryParam("sort", sort)
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3")
                .body("id", equalTo(expected));
        List<Integer> reversed = new ArrayList<>(expected);
        Collections.reverse(reversed);
        list().queryParam("sort", sort)
                .queryParam("reverse", "1")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .body("id", equalTo(reversed));
        list().queryParam("sort", sort)
                .queryParam("reverse", "0")
                .get("/api/v1/members")
                .then()
                .body("id", equalTo(expected));
    }

    @Test
    void theDefaultOrderIsLastNameFirst() {
        list().get("/api/v1/members")
                .then()
                .statusCode(200)
                .body("id", equalTo(ids(bo, cara, abe)))
                .body("[0].firstname", equalTo("Bo"))
                .body("[0].state", equalTo("active"));
    }

    @Test
    void stateFiltersAndCounts() {
        list().queryParam("state", "active")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1")
                .body("id", equalTo(ids(bo)));
        list().queryParam("state", "pending")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1")
                .body("id", equalTo(ids(cara)));
        list().queryParam("state", "inactive")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1")
                .body("id", equalTo(ids(abe)));
    }

    @Test
    void searchIsACaseInsensitiveSubstringOfNamesUsernameAndEmail() {
        list().queryParam("search", "ZIMM")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1")
                .body("id", equalTo(ids(abe)));
        list().queryParam("search", "oun").get("/api/v1/members").then().body("id", equalTo(ids(cara)));
        list().queryParam("search", "xen-" + suffix)
                .get("/api/v1/members")
                .then()
                .body("id", equalTo(ids(bo)));
        list().queryParam("search", "a-" + suffix + "@EXAMPLE")
                .get("/api/v1/members")
                .then()
                .body("id", equalTo(ids(bo)));
        list().queryParam("search", suffix)
                .queryParam("sort", "name")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "3")
                .body("id", equalTo(ids(abe, bo, cara)));
        list().queryParam("search", suffix)
                .queryParam("state", "pending")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "1")
                .body("id", equalTo(ids(cara)));
        // LIKE wildcards are literal characters, not patterns.
        list().queryParam("search", "%")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0")
                .body("", hasSize(0));
        list().queryParam("search", "_").get("/api/v1/members").then().header("X-Total-Count", "0");
        list().queryParam("search", "nobody-here").get("/api/v1/members").then().header("X-Total-Count", "0");
    }

    @Test
    void pagesAreZeroBasedAndLimitIsZeroToAHundred() {
        list().queryParam("limit", "2")
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "3")
                .body("id", equalTo(ids(bo, cara)));
        list().queryParam("limit", "2")
                .queryParam("page", "1")
                .get("/api/v1/members")
                .then()
                .body("id", equalTo(ids(abe)));
        list().queryParam("limit", "2")
                .queryParam("page", "2")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3")
                .body("", hasSize(0));
        list().queryParam("limit", "0")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3")
                .body("", hasSize(0));
        list().queryParam("limit", "100")
                .get("/api/v1/members")
                .then()
                .statusCode(200)
                .body("", hasSize(3));
    }

    @Test
    void theDefaultLimitIsFive() {
        Admin.Key six = Admin.key(Admin.workspace("build", "[]"), "live");
        for (int i = 0; i < 6; i++) {
            create(six, "{\"email\":\"six" + i + "-" + suffix + "@example.com\"}");
        }
        given().header("Authorization", six.header())
                .get("/api/v1/members")
                .then()
                .header("X-Total-Count", "6")
                .body("", hasSize(5));
        given().header("Authorization", six.header())
                .queryParam("page", "1")
                .get("/api/v1/members")
                .then()
                .body("", hasSize(1));
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "limit,101",
        "limit,-1",
        "limit,five",
        "limit,1.5",
        "page,-1",
        "page,x",
        "sort,surname",
        "sort,NAME",
        "state,deleted",
        "reverse,2",
        "reverse,true"
    })
    void badValuesAre400NamingTheParameter(String parameter, String value) {
        list().queryParam(parameter, value)
                .get("/api/v1/members")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", contains(parameter));
    }
}
