package org.courseplatform.agent;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A password one workspace chose signs in to that workspace only. Workspace A creates a member
 * with someone's email and a password of its choosing; the person's real workspace B adds the same
 * email later. Keycloak holds A's password (the person exists already, B's password is not
 * applied), so A can sign in as the person: the resource server must not let that token act in B.
 * Once the person has set their own password through the reset link mailed to them (Keycloak then
 * reports {@code email_verified}), every workspace of theirs is open. Runs against the real
 * members-service.
 */
@QuarkusTest
class WorkspacePasswordTest {

    private static final String PATH = ConsumerMcpTest.PATH;

    @Test
    void aPasswordChosenByOneWorkspaceNeverOpensAnotherWorkspace() {
        String[] home = ConsumerMcpTest.newWorkspace("Home");
        String[] attacker = ConsumerMcpTest.newWorkspace("Attacker");
        String email = "victim-" + UUID.randomUUID().toString().substring(0, 8) + "@corp.example";
        long victim = create(attacker[1], email, "chosen-by-attacker");
        long same = create(home[1], email, "chosen-by-home");
        org.assertj.core.api.Assertions.assertThat(same).isEqualTo(victim);

        // Signed in with the attacker's password: the home workspace is refused, by name and by default.
        String attackersToken = MemberTokens.withWorkspacePassword(victim);
        initialize(attackersToken, "?workspaceId=" + home[0])
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", containsString("opens that workspace only"))
                // No Keycloak here: members-service cannot mail the link, and says so.
                .body("message", containsString("could not be mailed"));
        initialize(attackersToken, "?workspaceId=" + attacker[0]).statusCode(200);
        // Without a workspace in the URL the request acts in the workspace that chose the password
        // (PasswordWorkspaceRuleTest), not in the member's first.
        initialize(attackersToken, "").statusCode(200);

        // The person's own password (the reset link proved their mailbox): both workspaces open.
        String ownToken = MemberTokens.of(victim);
        initialize(ownToken, "?workspaceId=" + home[0]).statusCode(200);
        initialize(ownToken, "?workspaceId=" + attacker[0]).statusCode(200);
    }

    @Test
    void aMemberCreatedWithoutAPasswordActsWithTheOneTheySetThroughTheirMailbox() {
        String[] ws = ConsumerMcpTest.newWorkspace("NoPassword");
        String email = "nopw-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        long member = given().baseUri(ConsumerMcpTest.members())
                .header("Authorization", ws[1])
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + email + "\",\"userType\":\"team\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        // No workspace chose a password: whatever password the account has was set through the
        // person's mailbox ("Forgot password?"), so it opens their workspaces.
        initialize(MemberTokens.withWorkspacePassword(member), "?workspaceId=" + ws[0])
                .statusCode(200);
        initialize(MemberTokens.of(member), "?workspaceId=" + ws[0]).statusCode(200);
    }

    private static io.restassured.response.ValidatableResponse initialize(String token, String query) {
        return given().contentType(ContentType.JSON)
                .header("Accept", "application/json, text/event-stream")
                .auth()
                .oauth2(token)
                .body(ConsumerMcpTest.INIT)
                .post(PATH + query)
                .then();
    }

    private static long create(String apiKey, String email, String password) {
        return given().baseUri(ConsumerMcpTest.members())
                .header("Authorization", apiKey)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"" + email + "\",\"password\":\"" + password + "\",\"userType\":\"team\"}")
                .post("/api/v1/members")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }
}
