package org.courseplatform.agent.consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.agent.courses.CourseApi;
import org.courseplatform.agent.courses.Downstream;
import org.courseplatform.agent.courses.FeatureApi;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.ToolCall;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.agent.tool.ToolRefusedException;
import org.courseplatform.agent.tool.ToolResult;
import org.courseplatform.agent.tool.ToolRunner;
import org.courseplatform.platform.web.ApiException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * What a signed-in member may run, and runs it with the catalogue's own definitions:
 * <ul>
 * <li>{@code team}: the agent catalogue acting as their email in their workspace's default tenant,
 * on the courses they own: a tool naming a course checks its owner first, and {@code list_courses}
 * lists theirs. What belongs to the whole workspace they read and add their own to: a write naming
 * a folder or a collection ({@link #MADE_BY_MEMBER}) runs only on one they made, a collection they
 * make holds only their courses, and the workspace's settings ({@link #WORKSPACE_SETTINGS}) are
 * read-only. members-service knows no workspace admin among members (a member is {@code team} or
 * {@code student}), so no member may change what another made; the workspace does that with its
 * API key or an agent token;</li>
 * <li>{@code student}: {@code list_my_enrolments}, {@code get_my_progress} and the read tools
 * {@link #STUDENT_READS}, on the courses they are enrolled in (in each course's own tenant).</li>
 * </ul>
 * A call outside that is refused ({@link ToolRefusedException}: a JSON-RPC error on MCP), like an
 * agent token's out-of-scope call.
 */
@ApplicationScoped
public class MemberToolRunner {

    /** The catalogue's read tools a learner may use on a course they are enrolled in. */
    static final Set<String> STUDENT_READS = Set.of("get_course", "get_course_content");

    /**
     * The tools that change a setting of the whole workspace (every member's courses follow it): a
     * member reads it ({@code get_brand_voice}) but does not change it here.
     */
    static final Set<String> WORKSPACE_SETTINGS = Set.of("set_brand_voice");

    /** Arguments of a write tool naming a folder or a collection, which must be one the member made. */
    static final List<Map.Entry<String, Organised>> MADE_BY_MEMBER = List.of(
            Map.entry("collectionId", Organised.COLLECTION),
            Map.entry("folderId", Organised.FOLDER),
            Map.entry("parentId", Organised.FOLDER));

    /** The argument of a write tool listing courses (a new collection's), each of which must be the member's. */
    static final String COURSE_LIST = "courseIds";

    /** What a {@link #MADE_BY_MEMBER} argument names. */
    enum Organised {
        COLLECTION("Collection", "collection", "list_collections"),
        FOLDER("Folder", "folder", "list_folders");

        final String label;
        final String noun;
        final String lister;

        Organised(String label, String noun, String lister) {
            this.label = label;
            this.noun = noun;
            this.lister = lister;
        }
    }

    private final ToolCatalogue catalogue;
    private final MemberTools own;
    private final ToolRunner runner;
    private final MemberDirectory directory;
    private final CourseApi courses;
    private final FeatureApi features;
    private final Downstream downstream;

    public MemberToolRunner(
            ToolCatalogue catalogue,
            MemberTools own,
            ToolRunner runner,
            MemberDirectory directory,
            @RestClient CourseApi courses,
            @RestClient FeatureApi features,
            Downstream downstream) {
        this.catalogue = catalogue;
        this.own = own;
        this.runner = runner;
        this.directory = directory;
        this.courses = courses;
        this.features = features;
        this.downstream = downstream;
    }

    /** The tools the member may run: a learner's own first, then the catalogue's, in catalogue order. */
    public List<AgentTool> visible(MemberCaller member) {
        List<AgentTool> tools = new ArrayList<>();
        own.all().stream().filter(t -> refusal(member, t.name()).isEmpty()).forEach(tools::add);
        catalogue.all().stream()
                .filter(t -> refusal(member, t.name()).isEmpty())
                .forEach(tools::add);
        return tools;
    }

    /** Why the member may not run the tool whatever the arguments; empty when they may. */
    public Optional<String> refusal(MemberCaller member, String name) {
        boolean mine = own.find(name).isPresent();
        if (!mine && !catalogue.exists(name)) {
            return Optional.of("There is no tool named " + name);
        }
        if (member.team()) {
            if (mine) {
                return Optional.of("The tool " + name + " is for learners; a team member has the authoring tools");
            }
            return WORKSPACE_SETTINGS.contains(name)
                    ? Optional.of("The tool " + name + " changes a setting of the whole workspace, which members "
                            + "read but do not change here; the workspace changes it with its API key")
                    : Optional.empty();
        }
        return mine || STUDENT_READS.contains(name)
                ? Optional.empty()
                : Optional.of("The tool " + name + " is not available to learners: you may use list_my_enrolments, "
                        + "get_my_progress, get_course and get_course_content on the courses you are enrolled in");
    }

    /**
     * Calls {@code name} for the member.
     *
     * @throws ApiException 404 for a tool that does not exist
     * @throws ToolRefusedException when the member may not make this call
     */
    public Uni<ToolResult> call(MemberCaller member, String name, JsonNode arguments) {
        AgentTool tool = own.find(name)
                .or(() -> catalogue.find(name))
                .orElseThrow(() -> ApiException.notFound("There is no tool named \""
                        + (name == null ? "" : name.length() > 64 ? name.substring(0, 64) + "…" : name) + "\""));
        Optional<String> refusal = refusal(member, name);
        if (refusal.isPresent()) {
            return refuse(member, name, refusal.get());
        }
        ObjectNode args = ToolRunner.arguments(arguments);
        if (args == null) {
            return Uni.createFrom().item(ToolRunner.notAnObject());
        }
        Optional<ToolResult> invalid = runner.readIds(tool, args).or(() -> runner.invalid(tool, args));
        if (invalid.isPresent()) {
            return Uni.createFrom().item(invalid.get());
        }
        JsonNode course = tool.courseArgument() == null ? null : args.get(tool.courseArgument());
        if (member.team()) {
            return madeByMember(member, tool, args).chain(problem -> {
                if (problem != null) {
                    return Uni.createFrom().item(problem);
                }
                if (course == null || course.isNull()) {
                    return tool.handler().run(new ToolCall(member.agent(), member.caller(null), args, member));
                }
                return owned(member, tool, course.asLong(), args);
            });
        }
        if (course == null || course.isNull()) {
            return tool.handler().run(new ToolCall(member.agent(), member.caller(null), args, member));
        }
        long courseId = course.asLong();
        return directory
                .enrolled(member.workspaceId(), member.userId(), courseId)
                .chain(enrolled -> {
                    if (enrolled.isEmpty()) {
                        return refuse(
                                member,
                                name,
                                "You are not enrolled in course " + courseId
                                        + "; list_my_enrolments lists the courses you may read");
                    }
                    // A learner reads the course without its answers' correctness (LearnerContent).
                    return tool.handler()
                            .run(new ToolCall(
                                    member.agent(), member.caller(enrolled.get().clientIdentifier()), args, member))
                            .map(result -> LearnerContent.TOOL.equals(name) ? LearnerContent.of(result) : result);
                });
    }

    /** A team member's tool on one course runs only when they own it (a missing course answers as such). */
    private Uni<ToolResult> owned(MemberCaller member, AgentTool tool, long courseId, ObjectNode args) {
        return ownedCourse(member, tool, courseId, "your tools act on the courses you own")
                .chain(problem -> problem != null
                        ? Uni.createFrom().item(problem)
                        : tool.handler().run(new ToolCall(member.agent(), member.caller(null), args, member)));
    }

    /**
     * Null when the member owns the course; the tool's error when it cannot be read (unknown);
     * a refusal when someone else owns it.
     */
    private Uni<ToolResult> ownedCourse(MemberCaller member, AgentTool tool, long courseId, String rule) {
        return downstream
                .run(courses.get(auth(member), courseId), r -> ToolResult.ok(r.getEntity()))
                .chain(found -> {
                    if (found.isError()) {
                        return Uni.createFrom().item(found);
                    }
                    String owner = found.structured().path("identifier").asText(null);
                    if (owner == null || !owner.equalsIgnoreCase(member.email())) {
                        return refuse(
                                member,
                                tool.name(),
                                "Course " + courseId + " is not yours: " + rule + " (list_courses lists them)");
                    }
                    return Uni.createFrom().nullItem();
                });
    }

    /**
     * Null when every folder and collection a team member's write names is one they made and every
     * course it lists is theirs; else the first problem (a tool error for one that cannot be read,
     * a refusal for another's). Reads name what they like: the workspace's folders and collections
     * are there for every member to see and file their courses by.
     */
    private Uni<ToolResult> madeByMember(MemberCaller member, AgentTool tool, ObjectNode args) {
        if (tool.readOnly()) {
            return Uni.createFrom().nullItem();
        }
        List<Supplier<Uni<ToolResult>>> checks = new ArrayList<>();
        for (Map.Entry<String, Organised> argument : MADE_BY_MEMBER) {
            JsonNode id = args.get(argument.getKey());
            if (id != null && id.isIntegralNumber()) {
                checks.add(() -> made(member, tool, argument.getValue(), id.asLong()));
            }
        }
        JsonNode list = args.get(COURSE_LIST);
        if (list != null && list.isArray()) {
            for (JsonNode id : list) {
                if (id.isIntegralNumber()) {
                    checks.add(() ->
                            ownedCourse(member, tool, id.asLong(), "a collection you make holds the courses you own"));
                }
            }
        }
        Uni<ToolResult> result = Uni.createFrom().nullItem();
        for (Supplier<Uni<ToolResult>> check : checks) {
            result = result.chain(problem -> problem != null ? Uni.createFrom().item(problem) : check.get());
        }
        return result;
    }

    /** Null when the member made the folder or collection; its error when it cannot be read; else a refusal. */
    private Uni<ToolResult> made(MemberCaller member, AgentTool tool, Organised kind, long id) {
        String auth = auth(member);
        Uni<RestResponse<JsonNode>> read =
                kind == Organised.COLLECTION ? features.collection(auth, id) : features.folder(auth, id);
        return downstream.run(read, r -> ToolResult.ok(r.getEntity())).chain(found -> {
            if (found.isError()) {
                return Uni.createFrom().item(found);
            }
            String maker = found.structured().path("createdBy").asText(null);
            if (maker == null || !maker.equalsIgnoreCase(member.email())) {
                return refuse(
                        member,
                        tool.name(),
                        kind.label + " " + id + " is not yours: you may read every " + kind.noun + " of the workspace ("
                                + kind.lister + ") but change only those you made");
            }
            return Uni.createFrom().nullItem();
        });
    }

    private String auth(MemberCaller member) {
        return downstream.as(member.caller(null), MemberTools.COURSES);
    }

    private static Uni<ToolResult> refuse(MemberCaller member, String name, String reason) {
        Log.debugf("Refused %s for member %d of workspace %d: %s", name, member.userId(), member.workspaceId(), reason);
        return Uni.createFrom().failure(new ToolRefusedException(reason));
    }
}
