package org.courseplatform.members;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Test-only endpoint that fails the way a bug would. */
@Path("/test-only/boom")
public class UnexpectedFailureResource {

    @GET
    public String boom() {
        throw new IllegalStateException("secret internal detail: db password is hunter2");
    }
}
