package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.hamcrest.MatcherAssert;
import org.junit.jupiter.api.Test;

/** Every failure a client can cause answers in the one error shape, never a 500 or HTML. */
@QuarkusTest
class ErrorShapeTest {

    @Test
    void unknownPathIsJson404() {
        given().get("/no/such/path")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("error.status", equalTo(404))
                .body("message", containsString("/no/such/path"));
    }

    @Test
    void wrongMethodIs405WithAllow() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .put("/admin/v1/workspaces")
                .then()
                .statusCode(405)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("METHOD_NOT_ALLOWED"));
    }

    @Test
    void malformedJsonIs400() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\": ")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("message", containsString("JSON"));
    }

    @Test
    void wrongJsonTypeNamesTheField() {
        long ws = Admin.workspace("build", "[]");
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"mode\": 5}")
                .post("/admin/v1/workspaces/" + ws + "/api-keys")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"))
                .body("details.field", hasItem("mode"));
    }

    @Test
    void invalidFieldsAreListed() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("{\"name\":\"\",\"plan\":\"gold\",\"userLimit\":-1}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(400)
                .body("details.field", hasItem("name"))
                .body("details.field", hasItem("plan"))
                .body("details.field", hasItem("userLimit"));
    }

    @Test
    void badQueryValueIs400NamingTheParameter() {
        long ws = Admin.workspace("build", "[]");
        Admin.Key key = Admin.key(ws, "live");
        given().header("Authorization", key.header())
                .queryParam("limit", "101")
                .get("/api/v1/members")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("limit"));
        given().header("Authorization", key.header())
                .queryParam("page", "abc")
                .get("/api/v1/members")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("page"));
        given().header("Authorization", key.header())
                .queryParam("sort", "shoe")
                .get("/api/v1/members")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("sort"));
    }

    @Test
    void unsupportedMediaTypeIs415() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.XML)
                .body("<a/>")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(415)
                .body("error.code", equalTo("UNSUPPORTED_MEDIA_TYPE"));
    }

    @Test
    void missingAuthIs401() {
        given().get("/api/v1/members")
                .then()
                .statusCode(401)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("UNAUTHORIZED"));
        given().header("Authorization", "SERVICE:abc")
                .get("/api/v1/members")
                .then()
                .statusCode(401)
                .body("message", containsString("Malformed"));
        given().header("Authorization", "Basic Zm9vOmJhcg==")
                .get("/api/v1/members")
                .then()
                .statusCode(401);
        given().auth()
                .oauth2("not-a-token")
                .get("/admin/v1/workspaces/1")
                .then()
                .statusCode(401);
    }

    @Test
    void bodyOverTheLimitIs413() throws Exception {
        // Announce a 20 MB body and send none: the server must refuse from the headers alone.
        int port = RestAssured.port;
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5000);
            String request = "POST /admin/v1/workspaces HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                    + Admin.operatorToken() + "\r\nContent-Type: application/json\r\nContent-Length: 20971520\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String response = new String(socket.getInputStream().readNBytes(400), StandardCharsets.UTF_8);
            MatcherAssert.assertThat(response, containsString("413"));
            MatcherAssert.assertThat(response, containsString("PAYLOAD_TOO_LARGE"));
        }
    }

    @Test
    void anUnexpectedFailureIs500WithAnIncidentIdAndNoInternals() {
        given().get("/test-only/boom")
                .then()
                .statusCode(500)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("INTERNAL"))
                .body("message", containsString("incident"))
                .body(not(containsString("hunter2")))
                .body(not(containsString("IllegalStateException")));
    }

    @Test
    void internalsNeverLeak() {
        given().auth()
                .oauth2(Admin.operatorToken())
                .contentType(ContentType.JSON)
                .body("[1,2]")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(400)
                .body("message", not(containsString("Exception")));
    }
}
