package org.courseplatform.platform.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.RouterErrors;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.SimpleResourceInfo;

/**
 * 401 and 403 in the error shape. A 403 says which entitlement the endpoint needs, so a tenant
 * knows whether to upgrade the plan or ask for an add-on.
 */
public class SecurityMappers {

    private static final String CHALLENGE = RouterErrors.BEARER_CHALLENGE;

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e) {
        return unauthorized("Authentication is required: send Authorization: SERVICE:<workspaceId>:<apiKey>");
    }

    @ServerExceptionMapper
    public Response authenticationFailed(AuthenticationFailedException e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? "Invalid credentials" : e.getMessage();
        return unauthorized(message);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, SimpleResourceInfo resource) {
        return Response.status(403)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ApiError.of(ErrorCode.FORBIDDEN, explain(resource), null))
                .build();
    }

    private static Response unauthorized(String message) {
        return Response.status(401)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
                .entity(ApiError.of(ErrorCode.UNAUTHORIZED, message, null))
                .build();
    }

    static String explain(SimpleResourceInfo resource) {
        List<String> needs = new ArrayList<>();
        for (String role : requiredRoles(resource)) {
            needs.add(
                    switch (role) {
                        case Roles.BUILD -> "the Build plan or above (api_advanced)";
                        case Roles.SCORM_HOSTING -> "the SCORM hosting add-on (scorm_hosting)";
                        case Roles.SCORM_EXPORT -> "the SCORM export partner feature (scorm_export)";
                        case Roles.OPERATOR -> "the operator token";
                        case Roles.SERVICE -> "a service token";
                        case Roles.AGENT -> "an agent token";
                        default -> "an API key";
                    });
        }
        return needs.isEmpty()
                ? "This credential may not do this"
                : "This endpoint needs " + String.join(" or ", needs);
    }

    private static String[] requiredRoles(SimpleResourceInfo resource) {
        if (resource == null || resource.getResourceClass() == null) {
            return new String[0];
        }
        try {
            Method method = resource.getResourceClass().getMethod(resource.getMethodName(), resource.parameterTypes());
            RolesAllowed allowed = method.getAnnotation(RolesAllowed.class);
            if (allowed == null) {
                allowed = resource.getResourceClass().getAnnotation(RolesAllowed.class);
            }
            return allowed == null ? new String[0] : allowed.value();
        } catch (NoSuchMethodException e) {
            return new String[0];
        }
    }
}
