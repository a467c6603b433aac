package org.courseplatform.agent.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Every tool of every family, by name. Checked once at start-up: names unique and well formed,
 * every schema compiles, every tool described, so a bad definition stops the service rather
 * than reaching an agent.
 */
@ApplicationScoped
public class ToolCatalogue {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

    private final Map<String, AgentTool> tools;
    private final Map<String, ArgumentValidator> validators;
    private final List<AgentTool> ordered;

    public ToolCatalogue(@All List<ToolFamily> families) {
        List<AgentTool> all = new ArrayList<>();
        families.forEach(family -> all.addAll(family.tools()));
        // Reads first, then writes, each by name: a stable order for paging and for the docs.
        all.sort(Comparator.comparing((AgentTool t) -> !t.readOnly()).thenComparing(AgentTool::name));
        Map<String, AgentTool> byName = new LinkedHashMap<>();
        Map<String, ArgumentValidator> checks = new LinkedHashMap<>();
        for (AgentTool tool : all) {
            if (!NAME.matcher(tool.name()).matches()) {
                throw new IllegalStateException("tool name " + tool.name() + " does not match " + NAME);
            }
            if (byName.put(tool.name(), tool) != null) {
                throw new IllegalStateException("two tools are named " + tool.name());
            }
            if (tool.title() == null
                    || tool.title().isBlank()
                    || tool.description() == null
                    || tool.description().isBlank()) {
                throw new IllegalStateException("tool " + tool.name() + " needs a title and a description");
            }
            if (tool.courseArgument() != null
                    && !tool.inputSchema().path("properties").has(tool.courseArgument())) {
                throw new IllegalStateException("tool " + tool.name() + " names no argument " + tool.courseArgument());
            }
            String unchecked = courseArgumentOutsidePin(tool.inputSchema());
            if (unchecked != null) {
                throw new IllegalStateException("tool " + tool.name() + " takes a course in " + unchecked
                        + ", which a pinned token's check does not read; name it one of "
                        + ToolAccess.COURSE_ID_FIELDS);
            }
            checks.put(tool.name(), new ArgumentValidator(tool.inputSchema()));
            new ArgumentValidator(tool.outputSchema());
        }
        this.tools = Map.copyOf(byName);
        this.validators = Map.copyOf(checks);
        this.ordered = List.copyOf(byName.values());
    }

    /**
     * The first argument, at any depth of an input schema, whose name speaks of a course but is
     * not one {@link ToolAccess} checks against a pinned token; null when there is none.
     */
    static String courseArgumentOutsidePin(JsonNode schema) {
        if (schema == null || !schema.isContainerNode()) {
            return null;
        }
        for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
            if (property.getKey().toLowerCase(Locale.ROOT).contains("course")
                    && !ToolAccess.COURSE_ID_FIELDS.contains(property.getKey())) {
                return property.getKey();
            }
        }
        for (JsonNode child : schema) {
            String found = courseArgumentOutsidePin(child);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** Every tool, reads first, each group by name. */
    public List<AgentTool> all() {
        return ordered;
    }

    public Optional<AgentTool> find(String name) {
        return Optional.ofNullable(name == null ? null : tools.get(name));
    }

    public boolean exists(String name) {
        return name != null && tools.containsKey(name);
    }

    ArgumentValidator validator(String name) {
        return validators.get(name);
    }
}
