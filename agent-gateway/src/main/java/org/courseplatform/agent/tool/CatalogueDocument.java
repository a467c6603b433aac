package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Renders the catalogue as Markdown (docs/agent-tools.md). A test compares the file with this
 * rendering of the running catalogue, so the document cannot drift from the code.
 */
public final class CatalogueDocument {

    private CatalogueDocument() {}

    public static String render(List<AgentTool> tools) {
        StringBuilder md = new StringBuilder();
        md.append("# Agent tools\n\n")
                .append(
                        "The catalogue of agent-gateway, served at `POST /api/v1/agent/mcp` (MCP `tools/list`, `tools/call`)\n")
                .append(
                        "and `GET /api/v1/agent/tools`, `POST /api/v1/agent/tools/{name}` (REST). Generated from the code\n")
                .append(
                        "(`CatalogueDocument`); `ToolCatalogueTest` fails when this file and the code disagree. Regenerate with\n")
                .append("`./mvnw -pl agent-gateway test -Dtest=ToolCatalogueTest -Dcatalogue.write=true`.\n\n")
                .append(
                        "A token lists and runs only what its scope allows (see docs/agent-gateway.md). Hints are the MCP\n")
                .append("tool annotations.\n\n")
                .append(
                        "Ids are integers in the schemas, and also accepted as strings of 1-18 digits (`5` and `\"5\"` alike):\n")
                .append(
                        "every `integer` argument named `id` or ending in `Id`, and each item of an `integer` list ending in `Ids`.\n")
                .append("A string that is no id is an `invalid_argument` result naming the argument.\n\n")
                .append("| tool | kind | read-only | destructive | idempotent | names a course | title |\n")
                .append("|---|---|---|---|---|---|---|\n");
        for (AgentTool tool : tools) {
            AgentTool.Hints h = tool.hints();
            md.append("| `")
                    .append(tool.name())
                    .append("` | ")
                    .append(tool.readOnly() ? "read" : "write")
                    .append(" | ")
                    .append(yes(h.readOnly()))
                    .append(" | ")
                    .append(yes(h.destructive()))
                    .append(" | ")
                    .append(yes(h.idempotent()))
                    .append(" | ")
                    .append(tool.courseArgument() == null ? "" : "`" + tool.courseArgument() + "`")
                    .append(" | ")
                    .append(tool.title())
                    .append(" |\n");
        }
        for (AgentTool tool : tools) {
            md.append("\n## `")
                    .append(tool.name())
                    .append("`: ")
                    .append(tool.title())
                    .append("\n\n")
                    .append(tool.description())
                    .append("\n\n");
            if (tool.makesCourse()) {
                md.append("Makes a new course: not available to a token pinned to one course.\n\n");
            }
            md.append("Arguments:\n\n");
            properties(md, tool.inputSchema(), "(none)");
            md.append("\nAnswer (`structuredContent`):\n\n");
            properties(md, tool.outputSchema(), "(an object)");
        }
        return md.toString();
    }

    private static void properties(StringBuilder md, JsonNode schema, String none) {
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        Iterator<Map.Entry<String, JsonNode>> fields = schema.path("properties").fields();
        if (!fields.hasNext()) {
            md.append(none).append('\n');
            return;
        }
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode property = field.getValue();
            md.append("- `")
                    .append(field.getKey())
                    .append("` (")
                    .append(type(property))
                    .append(required.contains(field.getKey()) ? ", required" : "")
                    .append("): ")
                    .append(property.path("description").asText("").replace("\n", " "))
                    .append('\n');
        }
    }

    private static String type(JsonNode property) {
        JsonNode type = property.get("type");
        String name = type == null ? "any" : type.isArray() ? String.join(" or ", iterable(type)) : type.asText();
        if (property.has("enum")) {
            name += ": " + String.join(", ", iterable(property.get("enum")));
        }
        return name;
    }

    private static List<String> iterable(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    private static String yes(boolean value) {
        return value ? "yes" : "no";
    }
}
