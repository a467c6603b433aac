package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/**
 * The spec's {@code timezone} and {@code locale} are "auto-detected if omitted": a member created
 * without them gets UTC and the best match of the request's Accept-Language (else en), never null;
 * values given are kept; values over their limits are still a 400.
 */
@QuarkusTest
class MemberTimezoneLocaleTest {

    private static ValidatableResponse create(Admin.Key key, String acceptLanguage, String fields) {
        var request = MembersApiTest.as(key);
        if (acceptLanguage != null) {
            request.header("Accept-Language", acceptLanguage);
        }
        return request.body("{\"email\":\"" + MembersApiTest.unique("tz") + "\"" + fields + "}")
                .post("/api/v1/members")
                .then();
    }

    @Test
    void omittedTimezoneAndLocaleAreDetectedFromTheRequest() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        long id = create(key, null, "")
                .statusCode(200)
                .body("timezone", equalTo("UTC"))
                .body("locale", equalTo("en"))
                .extract()
                .jsonPath()
                .getLong("id");
        // What the answer said is what was stored.
        given().header("Authorization", key.header())
                .get("/api/v1/members/" + id)
                .then()
                .body("timezone", equalTo("UTC"))
                .body("locale", equalTo("en"));

        create(key, "fr-ch, fr;q=0.9, en;q=0.8, *;q=0.5", "")
                .statusCode(200)
                .body("locale", equalTo("fr-CH"))
                .body("timezone", equalTo("UTC"));
        // The best range that names a known language and region wins; unknown ones are passed over.
        create(key, "xx-YY, de-QQ;q=0.9, pt-BR;q=0.7, de;q=0.6", "")
                .statusCode(200)
                .body("locale", equalTo("pt-BR"));
        create(key, "en-US;q=0, nl;q=0.1", "").statusCode(200).body("locale", equalTo("nl"));
        // Nothing usable in the header: the default, never a 400 for a header the caller's client chose.
        create(key, "*", "").statusCode(200).body("locale", equalTo("en"));
        create(key, "not a language list;;q=x", "").statusCode(200).body("locale", equalTo("en"));
    }

    @Test
    void givenTimezoneAndLocaleAreKeptAndOversizedOnesRefused() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        create(key, "de-DE", ",\"timezone\":\"Asia/Tokyo\",\"locale\":\"ja-JP\"")
                .statusCode(200)
                .body("timezone", equalTo("Asia/Tokyo"))
                .body("locale", equalTo("ja-JP"));
        // Only the omitted one is detected.
        create(key, "de-DE", ",\"timezone\":\"Europe/Berlin\"")
                .statusCode(200)
                .body("timezone", equalTo("Europe/Berlin"))
                .body("locale", equalTo("de-DE"));
        create(key, "de-DE", ",\"locale\":\"" + "x".repeat(36) + "\"")
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details[0].field", equalTo("locale"));
        create(key, null, ",\"timezone\":\"" + "Z".repeat(65) + "\"")
                .statusCode(400)
                .body("details[0].field", equalTo("timezone"));
    }

    @Test
    void aBatchDetectsThemForEveryMemberItCreates() {
        Admin.Key key = Admin.key(Admin.workspace("build", "[]"), "live");
        String first = MembersApiTest.unique("batch-tz");
        String second = MembersApiTest.unique("batch-tz");
        var created = MembersApiTest.as(key)
                .header("Accept-Language", "es-ES,es;q=0.9")
                .body("{\"emails\":[\"" + first + "\",\"" + second + "\"]}")
                .post("/api/v1/members/batch")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id", Long.class);
        for (long id : created) {
            given().header("Authorization", key.header())
                    .get("/api/v1/members/" + id)
                    .then()
                    .statusCode(200)
                    .body("timezone", equalTo("UTC"))
                    .body("locale", equalTo("es-ES"));
        }
    }
}
