package org.courseplatform.platform.auth;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** {@code Authorization: Bearer <token>}: an operator token or a platform JWT. */
public final class BearerRequest extends BaseAuthenticationRequest {

    private final String token;

    public BearerRequest(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }
}
