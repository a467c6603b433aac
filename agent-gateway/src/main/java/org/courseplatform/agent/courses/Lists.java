package org.courseplatform.agent.courses;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.courseplatform.agent.tool.ToolCall;
import org.jboss.resteasy.reactive.RestResponse;

/** Shapes shared by the feature tools: a page of a list answer, the If-Match of a revision argument. */
final class Lists {

    private Lists() {}

    /** {@code {<name>: [...], total}} from a bare array answer with its {@code X-Total-Count}. */
    static ObjectNode page(String name, RestResponse<JsonNode> response) {
        JsonNode list = response.getEntity();
        String total = response.getHeaderString("X-Total-Count");
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.set(name, list);
        return answer.put("total", total == null ? list.size() : Long.parseLong(total));
    }

    /** The If-Match header for the optional {@code revision} argument, or null. */
    static String ifMatch(ToolCall call) {
        Long revision = call.number("revision");
        return revision == null ? null : "\"" + revision + "\"";
    }
}
