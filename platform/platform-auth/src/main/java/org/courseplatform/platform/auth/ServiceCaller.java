package org.courseplatform.platform.auth;

import java.security.Principal;

/** The principal of a call from another service of the platform: the verified issuer of its token. */
public record ServiceCaller(String service) implements Principal {

    @Override
    public String getName() {
        return "service:" + service;
    }
}
