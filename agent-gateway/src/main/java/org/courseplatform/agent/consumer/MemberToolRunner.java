package org.courseplatform.agent.consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.agent.courses.CourseApi;
import org.courseplatform.agent.courses.Downstream;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.ToolCall;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.agent.tool.ToolRefusedException;
import org.courseplatform.agent.tool.ToolResult;
import org.courseplatform.agent.tool.ToolRunner;
import org.courseplatform.platform.web.ApiException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * What a signed-in member may run, and runs it with the catalogue's own definitions:
 * <ul>
 * <li>{@code team}: the whole agent catalogue (reads and writes) acting as their email in their
 * workspace's default tenant, on the courses they own: a tool naming a course checks its owner
 * first, and {@code list_courses} lists theirs;</li>
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

    private final ToolCatalogue catalogue;
    private final MemberTools own;
    private final ToolRunner runner;
    private final MemberDirectory directory;
    private final CourseApi courses;
    private final Downstream downstream;

    public MemberToolRunner(
            ToolCatalogue catalogue,
            MemberTools own,
            ToolRunner runner,
            MemberDirectory directory,
            @RestClient CourseApi courses,
            Downstream downstream) {
        this.catalogue = catalogue;
        this.own = own;
        this.runner = runner;
        this.directory = directory;
        this.courses = courses;
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
            return mine
                    ? Optional.of("The tool " + name + " is for learners; a team member has the authoring tools")
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
        Optional<ToolResult> invalid = runner.invalid(tool, args);
        if (invalid.isPresent()) {
            return Uni.createFrom().item(invalid.get());
        }
        JsonNode course = tool.courseArgument() == null ? null : args.get(tool.courseArgument());
        if (course == null || course.isNull()) {
            return tool.handler().run(new ToolCall(member.agent(), member.caller(null), args, member));
        }
        long courseId = course.asLong();
        if (member.team()) {
            return owned(member, tool, courseId, args);
        }
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
        ToolCall call = new ToolCall(member.agent(), member.caller(null), args, member);
        return downstream
                .run(
                        courses.get(downstream.as(call.caller(), MemberTools.COURSES), courseId),
                        r -> ToolResult.ok(r.getEntity()))
                .chain(found -> {
                    if (found.isError()) {
                        return Uni.createFrom().item(found);
                    }
                    String owner = found.structured().path("identifier").asText(null);
                    if (owner == null || !owner.equalsIgnoreCase(member.email())) {
                        return refuse(
                                member,
                                tool.name(),
                                "Course " + courseId
                                        + " is not yours: your tools act on the courses you own (list_courses lists them)");
                    }
                    return tool.handler().run(call);
                });
    }

    private static Uni<ToolResult> refuse(MemberCaller member, String name, String reason) {
        Log.debugf("Refused %s for member %d of workspace %d: %s", name, member.userId(), member.workspaceId(), reason);
        return Uni.createFrom().failure(new ToolRefusedException(reason));
    }
}
