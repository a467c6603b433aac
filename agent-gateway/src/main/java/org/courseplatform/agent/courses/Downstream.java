package org.courseplatform.agent.courses;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.util.function.Function;
import org.courseplatform.agent.tool.ToolResult;
import org.courseplatform.platform.auth.Tokens;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Calls an owning service for an agent and turns its answer into a tool result: the service's
 * refusals (404, 400, 409, 412, 403) become {@code isError} results carrying its message, which is
 * written for the API's users and reads as well to a model; an unreachable or failing service
 * is an {@code unavailable} result the agent may retry.
 */
@ApplicationScoped
public class Downstream {

    private final Tokens tokens;
    private final ObjectMapper json;

    public Downstream(Tokens tokens, ObjectMapper json) {
        this.tokens = tokens;
        this.json = json;
    }

    /** The Authorization header for calling {@code service} as the agent. */
    public String as(WorkspaceCaller caller, String service) {
        return "Bearer " + tokens.serviceToken(service, caller);
    }

    /** Runs the call and shapes a 2xx answer with {@code success}; anything else as a failed result. */
    public Uni<ToolResult> run(Uni<RestResponse<JsonNode>> call, Function<RestResponse<JsonNode>, ToolResult> success) {
        return call.map(success).onFailure().recoverWithItem(this::failure);
    }

    ToolResult failure(Throwable failure) {
        if (failure instanceof WebApplicationException e && e.getResponse() != null) {
            int status = e.getResponse().getStatus();
            JsonNode body = body(e);
            String message = body.path("message").asText("");
            JsonNode details = body.get("details");
            return switch (status) {
                case 400, 422 ->
                    ToolResult.error(
                            "invalid_argument",
                            message.isEmpty() ? "The request was refused as invalid" : message,
                            details);
                case 404 ->
                    ToolResult.error(
                            "not_found",
                            message.isEmpty()
                                    ? "Not found"
                                    : message
                                            + " (or not visible to this token: an agent sees only its own tenant's courses)");
                case 409 ->
                    ToolResult.error(
                            "conflict", message.isEmpty() ? "The course is not in a state that allows this" : message);
                case 412 ->
                    ToolResult.error(
                            "conflict",
                            "Conflict: "
                                    + (message.isEmpty() ? "the course changed since the revision given." : message)
                                    + " Read it again with get_course_document and reapply the change with the new revision.",
                            details);
                case 403 -> ToolResult.error("forbidden", message.isEmpty() ? "Not allowed" : message);
                case 413 -> ToolResult.error("invalid_argument", message.isEmpty() ? "Too large" : message);
                case 415 ->
                    ToolResult.error("invalid_argument", message.isEmpty() ? "Not a type that is accepted" : message);
                case 429 ->
                    ToolResult.error("rate_limited", "Too many calls for this workspace; wait a few seconds and retry");
                default -> unavailable(failure);
            };
        }
        return unavailable(failure);
    }

    private static ToolResult unavailable(Throwable failure) {
        if (!(failure instanceof ProcessingException) && !(failure instanceof WebApplicationException)) {
            Log.warnf(failure, "A tool failed");
        } else {
            Log.warnf("An owning service failed a tool call: %s", failure.toString());
        }
        return ToolResult.error("unavailable", "The course service is unavailable right now; retry shortly");
    }

    private JsonNode body(WebApplicationException e) {
        try {
            String text = e.getResponse().readEntity(String.class);
            return text == null || text.isBlank() ? json.createObjectNode() : json.readTree(text);
        } catch (RuntimeException | JsonProcessingException ignored) {
            return json.createObjectNode();
        }
    }
}
