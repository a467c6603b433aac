package org.courseplatform.platform.events;

import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ErrorCode;
import org.hibernate.StaleStateException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Two writers of the same row at once: the later one is told to read again (409), not a 500. */
public class PersistenceMappers {

    private static final String MESSAGE =
            "The resource was changed by another request at the same time; read it again and retry";

    @ServerExceptionMapper
    public Response optimisticLock(OptimisticLockException e) {
        return conflict();
    }

    @ServerExceptionMapper
    public Response staleState(StaleStateException e) {
        return conflict();
    }

    private static Response conflict() {
        return Response.status(409)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ApiError.of(ErrorCode.CONFLICT, MESSAGE, null))
                .build();
    }
}
