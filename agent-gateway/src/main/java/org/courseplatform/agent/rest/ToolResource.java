package org.courseplatform.agent.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.courseplatform.agent.tool.ToolRefusedException;
import org.courseplatform.agent.tool.ToolRunner;
import org.courseplatform.platform.auth.Callers;
import org.courseplatform.platform.auth.Roles;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.JsonBodies;

/**
 * The agent tools over plain REST (API.md, Agent gateway): the same catalogue and the same
 * enforcement as MCP. A refused call is 403; a tool's own failure a 200 result with {@code isError}.
 */
@Path("/api/v1/agent/tools")
@RolesAllowed(Roles.AGENT)
@Produces(MediaType.APPLICATION_JSON)
public class ToolResource {

    private final ToolRunner runner;
    private final SecurityIdentity identity;
    private final JsonBodies bodies;

    public ToolResource(ToolRunner runner, SecurityIdentity identity, JsonBodies bodies) {
        this.runner = runner;
        this.identity = identity;
        this.bodies = bodies;
    }

    /** The tools this token may run: {@code [{name, title, description, inputSchema, outputSchema, annotations, readOnly}]}. */
    @GET
    public Uni<List<ToolView>> list() {
        return runner.visible(Callers.agent(identity))
                .map(tools -> tools.stream().map(ToolView::of).toList());
    }

    /** Calls a tool with the body as its arguments (none, or a JSON object): the MCP {@code tools/call} result. */
    @POST
    @Path("/{name}")
    @Consumes(MediaType.WILDCARD)
    public Uni<ToolResultView> call(@PathParam("name") String name, String body) {
        JsonNode arguments = bodies.optional(body, JsonNode.class, null);
        return runner.call(Callers.agent(identity), name, arguments)
                .map(ToolResultView::of)
                .onFailure(ToolRefusedException.class)
                .transform(e -> ApiException.forbidden(e.getMessage()));
    }
}
