package org.courseplatform.platform.auth;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;

/**
 * Sends this service's own service token, with the callee as audience, on every call of an
 * internal REST client: {@code @RegisterClientHeaders(ServiceTokenHeaders.CourseService.class)}.
 * Tokens are cached by {@link Tokens} until shortly before they expire.
 */
public abstract class ServiceTokenHeaders implements ClientHeadersFactory {

    private final Tokens tokens;
    private final String audience;

    protected ServiceTokenHeaders(Tokens tokens, String audience) {
        this.tokens = tokens;
        this.audience = audience;
    }

    @Override
    public MultivaluedMap<String, String> update(
            MultivaluedMap<String, String> incoming, MultivaluedMap<String, String> outgoing) {
        MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        headers.putSingle("Authorization", "Bearer " + tokens.serviceToken(audience));
        return headers;
    }

    /** Calls of members-service's internal API. */
    @Singleton
    public static class MembersService extends ServiceTokenHeaders {

        public MembersService(Tokens tokens) {
            super(tokens, "members-service");
        }
    }

    /** Calls of course-service's internal API. */
    @Singleton
    public static class CourseService extends ServiceTokenHeaders {

        public CourseService(Tokens tokens) {
            super(tokens, "course-service");
        }
    }
}
