package org.courseplatform.agent;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Base64;
import org.eclipse.microprofile.config.ConfigProvider;

/** Drives the gateway as an agent platform does: mint with an API key, then call tools. */
final class Agents {

    static final ObjectMapper JSON = new ObjectMapper();

    private Agents() {}

    /** Mints a token with the API key header and the JSON scope; answers the token. */
    static String mint(String apiKey, String scope) {
        return given().header("Authorization", apiKey)
                .contentType(ContentType.JSON)
                .body(scope)
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("token");
    }

    static Response tools(String token) {
        return given().auth().oauth2(token).get("/api/v1/agent/tools");
    }

    static Response call(String token, String tool, String arguments) {
        return given().auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .body(arguments)
                .post("/api/v1/agent/tools/" + tool);
    }

    /** Calls a tool that must succeed; answers its structured content. */
    static JsonNode ok(String token, String tool, String arguments) {
        Response response = call(token, tool, arguments);
        response.then().statusCode(200);
        JsonNode result = read(response.asString());
        if (result.path("isError").asBoolean()) {
            throw new AssertionError(tool + " failed: " + result);
        }
        return result.get("structuredContent");
    }

    static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    static JsonNode claims(String token) {
        return read(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1])));
    }

    /** The members-service stand-in changes a key's standing, as an operator would (failure injection). */
    static void changeKey(long keyId, String change) throws Exception {
        String members = ConfigProvider.getConfig().getValue("platform.auth.members-url", String.class);
        HttpResponse<String> answer = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(members + "/stub/keys/" + keyId + "/" + change))
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new AssertionError("stub refused " + change);
        }
    }
}
