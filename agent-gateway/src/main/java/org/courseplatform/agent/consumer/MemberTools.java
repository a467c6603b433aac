package org.courseplatform.agent.consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.courseplatform.agent.access.MemberCaller;
import org.courseplatform.agent.courses.CourseApi;
import org.courseplatform.agent.courses.Downstream;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.AgentTool.Hints;
import org.courseplatform.agent.tool.Schemas;
import org.courseplatform.agent.tool.ToolCall;
import org.courseplatform.agent.tool.ToolResult;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The tools only a signed-in learner has, on the consumer endpoint alone (agents act for a
 * tenant's users, not as one): their enrolments, from members-service, and their progress in
 * each, from course-service's tracking records of their email. Not a {@code ToolFamily}: the
 * agent catalogue does not list them.
 */
@ApplicationScoped
public class MemberTools {

    static final String COURSES = "course-service";
    /** Most tracking records read per course: a learner has one per course and player, rarely more. */
    static final int MAX_RECORDS = 100;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final MemberDirectory directory;
    private final CourseApi courses;
    private final Downstream downstream;
    private final List<AgentTool> tools;

    public MemberTools(MemberDirectory directory, @RestClient CourseApi courses, Downstream downstream) {
        this.directory = directory;
        this.courses = courses;
        this.downstream = downstream;
        this.tools = List.of(listMyEnrolments(), getMyProgress());
    }

    public List<AgentTool> all() {
        return tools;
    }

    public Optional<AgentTool> find(String name) {
        return tools.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    private static ObjectNode enrolledCourse() {
        return Schemas.output()
                .required(
                        "courseId",
                        Schemas.integer(
                                "The course id (get_course, get_course_content and get_my_progress take it)", 1, null))
                .required("title", Schemas.string("The course title"))
                .optional(
                        "groupId",
                        Schemas.nullableInteger("The group you are enrolled through; null when enrolled directly"))
                .optional("role", Schemas.nullableString("Your role: student or teacher"))
                .build();
    }

    private AgentTool listMyEnrolments() {
        ObjectNode output = Schemas.output()
                .required("workspaceId", Schemas.integer("The workspace these enrolments are in", 1, null))
                .required("courses", Schemas.arrayOf("The courses you are enrolled in, by id", enrolledCourse()))
                .build();
        return new AgentTool(
                "list_my_enrolments",
                "List my courses",
                "Lists the courses you are enrolled in (directly or through a group) with their titles. Use a course id "
                        + "with get_course, get_course_content and get_my_progress.",
                Schemas.input().build(),
                output,
                Hints.read(),
                null,
                false,
                this::listMyEnrolments);
    }

    private Uni<ToolResult> listMyEnrolments(ToolCall call) {
        MemberCaller member = call.member();
        return directory.courses(member.workspaceId(), member.userId()).map(list -> {
            ObjectNode answer = JSON.objectNode().put("workspaceId", member.workspaceId());
            ArrayNode items = answer.putArray("courses");
            list.forEach(c -> items.addObject()
                    .put("courseId", c.courseId())
                    .put("title", c.title())
                    .put("groupId", c.groupId())
                    .put("role", c.role()));
            return ToolResult.ok(answer);
        });
    }

    private AgentTool getMyProgress() {
        ObjectNode progress = Schemas.output()
                .required("courseId", Schemas.integer("The course id", 1, null))
                .required("title", Schemas.string("The course title"))
                .required("started", Schemas.bool("Whether you have opened the course"))
                .required("completed", Schemas.bool("Whether you have completed it"))
                .required("percent", Schemas.integer("How far you got, 0 to 100 (your best attempt)", 0, 100L))
                .required("totalTimeSeconds", Schemas.integer("Time spent in the course, all attempts", 0, null))
                .optional("commenced", Schemas.nullableString("When you first opened it"))
                .optional("completedAt", Schemas.nullableString("When you completed it"))
                .optional("lastActivity", Schemas.nullableString("Your last activity in it"))
                .optional(
                        "error",
                        Schemas.nullableString("Why this course's progress could not be read (then the rest is empty)"))
                .build();
        ObjectNode input = Schemas.input()
                .optional(
                        "courseId",
                        Schemas.courseId("Only this course (one you are enrolled in); omit it for all your courses"))
                .build();
        ObjectNode output = Schemas.output()
                .required("courses", Schemas.arrayOf("Your progress in each course", progress))
                .build();
        return new AgentTool(
                "get_my_progress",
                "Get my progress",
                "Answers your progress in the courses you are enrolled in (or in one of them): whether you started and "
                        + "completed each, how far you got and the time you spent, from the course player's tracking.",
                input,
                output,
                Hints.read(),
                "courseId",
                false,
                this::getMyProgress);
    }

    private Uni<ToolResult> getMyProgress(ToolCall call) {
        MemberCaller member = call.member();
        Long only = call.number("courseId");
        return directory.courses(member.workspaceId(), member.userId()).chain(list -> {
            List<MembersUserApi.EnrolledCourse> chosen = list.stream()
                    .filter(c -> only == null || c.courseId() == only)
                    .toList();
            if (chosen.isEmpty()) {
                return Uni.createFrom().item(ToolResult.ok(JSON.objectNode().set("courses", JSON.arrayNode())));
            }
            List<Uni<ObjectNode>> each = new ArrayList<>();
            for (MembersUserApi.EnrolledCourse course : chosen) {
                each.add(progress(member, course));
            }
            return Uni.join().all(each).andFailFast().map(items -> {
                ObjectNode answer = JSON.objectNode();
                answer.putArray("courses").addAll(items);
                return ToolResult.ok(answer);
            });
        });
    }

    /** One course's progress from the learner's tracking records (their identifier is their email). */
    private Uni<ObjectNode> progress(MemberCaller member, MembersUserApi.EnrolledCourse course) {
        String auth = downstream.as(member.caller(course.clientIdentifier()), COURSES);
        return downstream
                .run(
                        courses.tracking(auth, course.courseId(), member.email(), 0, MAX_RECORDS),
                        r -> ToolResult.ok(r.getEntity()))
                .map(result -> {
                    ObjectNode item =
                            JSON.objectNode().put("courseId", course.courseId()).put("title", course.title());
                    if (result.isError()) {
                        item.put("started", false)
                                .put("completed", false)
                                .put("percent", 0)
                                .put("totalTimeSeconds", 0)
                                .put("error", result.text());
                        return item;
                    }
                    summarise(item, result.structured());
                    return item;
                });
    }

    static void summarise(ObjectNode item, JsonNode records) {
        int percent = 0;
        long time = 0;
        String commenced = null;
        String completedAt = null;
        String last = null;
        for (JsonNode r : records) {
            percent = Math.max(percent, r.path("percent").asInt());
            time += r.path("totalTime").asLong();
            commenced = earliest(commenced, text(r, "commenced"));
            completedAt = earliest(completedAt, text(r, "completed"));
            last = latest(last, text(r, "updated"));
        }
        item.put("started", !records.isEmpty())
                .put("completed", completedAt != null)
                .put("percent", Math.min(100, percent))
                .put("totalTimeSeconds", time)
                .put("commenced", commenced)
                .put("completedAt", completedAt)
                .put("lastActivity", last);
    }

    private static String text(JsonNode record, String field) {
        JsonNode value = record.get(field);
        return value == null || value.isNull() || value.asText().isBlank() ? null : value.asText();
    }

    private static String earliest(String a, String b) {
        return a == null ? b : b == null ? a : a.compareTo(b) <= 0 ? a : b;
    }

    private static String latest(String a, String b) {
        return a == null ? b : b == null ? a : a.compareTo(b) >= 0 ? a : b;
    }
}
