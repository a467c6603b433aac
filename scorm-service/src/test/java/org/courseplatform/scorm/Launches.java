package org.courseplatform.scorm;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Opens embed URLs as the launch page does (the token from the fragment, posted on the URL's own
 * host) and reaches a session on its content host. Requests go to the test's port with the content
 * host in {@code Host}, as the ingress passes it on.
 */
public final class Launches {

    /** The test profile's content origin is the default, {@code http://{session}.content.localhost:8080}. */
    public static final Pattern URL = Pattern.compile(
            "http://(?<label>[0-9a-f]{32})\\.content\\.localhost:8080/scorm/launch#token=(?<token>[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)");

    private Launches() {}

    /** An embed URL taken apart: the content host it opens on and its token. */
    public record Launch(String host, String label, String token) {}

    /** An opened session: its content host and its page ({@code /scorm/s/<id>/player} or {@code …/overview}). */
    public record Opened(String host, String page) {

        /** The page's folder, {@code /scorm/s/<id>/}, to which the player's URLs are relative. */
        public String base() {
            return page.substring(0, page.lastIndexOf('/') + 1);
        }

        public String sessionId() {
            return page.replaceFirst("^/scorm/s/([0-9a-f]{64})/.*$", "$1");
        }

        /** A request on the session's own content host. */
        public RequestSpecification on() {
            return given().header("Host", host);
        }
    }

    public static Launch parse(String url) {
        Matcher m = URL.matcher(url);
        assertThat(m.matches()).as("embed URL %s", url).isTrue();
        return new Launch(m.group("label") + ".content.localhost:8080", m.group("label"), m.group("token"));
    }

    /** The launch page's POST of a token on a host. */
    public static Response post(String host, String token) {
        return given().header("Host", host)
                .contentType(ContentType.JSON)
                .body(Map.of("token", token))
                .post("/scorm/launch");
    }

    /** Opens an embed URL; answers the session it opened. */
    public static Opened open(String url) {
        Launch launch = parse(url);
        String page = post(launch.host(), launch.token())
                .then()
                .statusCode(200)
                .header("Cache-Control", "no-store")
                .extract()
                .jsonPath()
                .getString("location");
        assertThat(page).matches("/scorm/s/[0-9a-f]{64}/(player|overview)");
        return new Opened(launch.host(), page);
    }
}
