package org.courseplatform.systemtests;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Locale;
import org.courseplatform.platform.testing.fuzz.ApiFuzzer;
import org.courseplatform.platform.testing.fuzz.FuzzSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The API fuzz run through the ingress: every operation of the six services' OpenAPI documents
 * (read from each service's own port, since the ingress does not route {@code /q/openapi}), sent
 * to {@code BASE_URL} as valid requests and their mutations. No 5xx, every 4xx in the error
 * shape, whether a service or nginx answers, and every answer as the operation's document
 * promises (its status documented, a 2xx JSON body of the documented schema). 1,500 requests or 180 s by default; {@code
 * -Dfuzz.seed}, {@code -Dfuzz.requests} and {@code -Dfuzz.seconds} replay or lengthen a run
 * (bench/fuzz.sh). It runs alone: its flood of odd requests is no load for another scenario to wait behind.
 */
@Isolated
class FuzzIT {

    static final List<String> SERVICES = List.of(
            "members-service",
            "course-service",
            "scorm-service",
            "migration-service",
            "agent-gateway",
            "webhook-dispatcher");

    @Test
    void fuzzedRequestsThroughTheIngressNeverAnswer5xxKeepTheErrorShapeAndTheOpenApiDocuments() {
        ApiFuzzer.Builder fuzzer = ApiFuzzer.builder()
                .target(Suite.BASE_URL)
                .authorization(FuzzIT::entitledKey)
                .operatorToken(Suite.OPERATOR_TOKEN)
                .example(
                        "POST /admin/v1/workspaces",
                        "{\"name\":\"Fuzz\",\"plan\":\"build\",\"addons\":[],\"features\":[],\"userLimit\":null}")
                .example("PATCH /admin/v1/workspaces/{id}", "{\"name\":\"Fuzz renamed\",\"userLimit\":10}")
                .settings(FuzzSettings.fromSystemProperties(1500, 180));
        for (String service : SERVICES) {
            fuzzer.openApi(
                    Suite.env(service.toUpperCase(Locale.ROOT).replace('-', '_') + "_URL") + "/q/openapi?format=json");
        }
        fuzzer.build().run().assertNoFailures();
    }

    /** A live key of a fresh enterprise workspace with every add-on and feature, so requests get past entitlements. */
    static String entitledKey() {
        long workspace = Suite.operator()
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Fuzz\",\"plan\":\"enterprise\",\"addons\":[\"scorm_hosting\"],"
                        + "\"features\":[\"scorm_export\"],\"userLimit\":null}")
                .post("/admin/v1/workspaces")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        return Suite.key(workspace, "live")[1];
    }
}
