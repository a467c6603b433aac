package org.courseplatform.systemtests;

import io.restassured.http.Method;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;

/** The public endpoint of each service that issue 2 wires end to end, with its success status. */
record PublicEndpoints(String service, Method method, String path, String body, int success) {

    static final List<PublicEndpoints> ALL = List.of(
            new PublicEndpoints("members-service", Method.GET, "/api/v1/members", null, 200),
            new PublicEndpoints("members-service", Method.GET, "/api/v1/enrolments", null, 200),
            new PublicEndpoints("course-service", Method.GET, "/v1/headless/courses", null, 200),
            new PublicEndpoints("scorm-service", Method.GET, "/v1/headless/scorm-package/987654321", null, 404),
            new PublicEndpoints(
                    "migration-service",
                    Method.GET,
                    "/v1/headless/course-migrations/00000000-0000-0000-0000-000000000000",
                    null,
                    404),
            new PublicEndpoints("webhook-dispatcher", Method.GET, "/v1/headless/webhooks", null, 200),
            new PublicEndpoints(
                    "agent-gateway", Method.POST, "/api/v1/agent/auth", "{\"identifier\":\"system-test\"}", 200));

    Response call(RequestSpecification request) {
        if (body != null) {
            request = request.contentType("application/json").body(body);
        }
        return request.request(method, path);
    }

    @Override
    public String toString() {
        return service + " " + method + " " + path;
    }
}
