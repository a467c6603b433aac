package org.courseplatform.members;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** Test helper: the operator admin API, as the suite's seeding uses it. */
final class Admin {

    private Admin() {}

    static String operatorToken() {
        return ConfigProvider.getConfig().getValue("platform.auth.operator-token", String.class);
    }

    static long workspace(String plan, String addons) {
        return given().auth()
                .oauth2(operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Test " + plan + "\",\"plan\":\"" + plan + "\",\"addons\":" + addons
                        + ",\"features\":[],\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    static Key key(long workspaceId, String mode) {
        var json = given().auth()
                .oauth2(operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"mode\":\"" + mode + "\",\"name\":\"k\"}")
                .post("/admin/v1/workspaces/" + workspaceId + "/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new Key(workspaceId, json.getLong("id"), json.getString("key"));
    }

    /** A live key issued with these scopes. */
    static Key scopedKey(long workspaceId, List<String> scopes) {
        var json = given().auth()
                .oauth2(operatorToken())
                .contentType(ContentType.JSON)
                .body(Map.of("mode", "live", "name", "scoped", "scopes", scopes))
                .post("/admin/v1/workspaces/" + workspaceId + "/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new Key(workspaceId, json.getLong("id"), json.getString("key"));
    }

    record Key(long workspaceId, long id, String secret) {
        String header() {
            return "SERVICE:" + workspaceId + ":" + secret;
        }
    }
}
