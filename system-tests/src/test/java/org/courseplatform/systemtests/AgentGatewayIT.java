package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * agent-gateway's tool surface through the ingress, as agent platforms use it. Tokens are minted
 * with a fresh Build workspace's key. An agent on the official MCP SDK client (npm
 * {@code @modelcontextprotocol/sdk}, src/test/js/mcp-agent.mjs) follows tools/list page by page,
 * creates a course, adds a screen from a layout and a text block, finds both in the draft and
 * publishes; the same flow then runs over the REST endpoints. The token's scope holds on both:
 * read-only by default, an allowlist, a pinned course, a tenant; a token that is expired,
 * tampered with or signed by anyone but the gateway gets 401 with a Bearer challenge; an MCP
 * session answers only the agent that opened it; a browser origin not allowed gets 403; a
 * Starter workspace cannot mint. And the MCP Inspector's CLI (npm
 * {@code @modelcontextprotocol/inspector}, what a developer points at a server first) lists the
 * tools: {@code npx @modelcontextprotocol/inspector --cli BASE_URL/api/v1/agent/mcp --transport
 * http --method tools/list --header "Authorization: Bearer TOKEN" --format json}.
 */
class AgentGatewayIT {

    static final List<String> READ_TOOLS =
            List.of("list_courses", "get_course", "get_course_content", "get_course_document", "list_layouts");
    static final List<String> WRITE_TOOLS = List.of(
            "create_course",
            "create_screen",
            "add_block",
            "update_screen",
            "delete_screen",
            "publish_course",
            "revert_course",
            "duplicate_course",
            "delete_course",
            "restore_course",
            "migrate_course");
    /** A write token names its tools: without an allowlist a token has the read tools only. */
    static final List<String> ALL_TOOLS =
            Stream.concat(READ_TOOLS.stream(), WRITE_TOOLS.stream()).toList();

    static final String MCP = "/api/v1/agent/mcp";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RUN = Long.toString(System.nanoTime(), 36);
    private static final Path NODE_DIR = NodeScripts.DIR;

    /** The Authorization header of a live key of a fresh Build workspace: the lowest plan that may mint. */
    private static String workspaceKey;

    @BeforeAll
    static void buildWorkspace() throws Exception {
        workspaceKey = Suite.key(Suite.workspace("build"), "live")[1];
        installNodePackages();
    }

    @Test
    void anAgentOnTheMcpSdkPagesThroughTheToolsThenAuthorsAndPublishesACourse() throws Exception {
        String identifier = "mcp-author-" + RUN;
        String token = mint(Map.of("identifier", identifier, "readonly", false, "tools", ALL_TOOLS));
        String title = "MCP agent course " + RUN;
        JsonNode report = agent(Map.of(
                "flow", Map.of("token", token, "title", title, "screenTitle", "Swing basics", "blockTitle", "Grip")));
        JsonNode flow = report.path("flow");
        String text = flow.toString();
        assertThat(flow.path("connected").asBoolean()).as(text).isTrue();
        assertThat(flow.path("stoppedAt").isNull()).as(text).isTrue();
        // The SDK asks for the newest revision it knows; the gateway speaks it.
        assertThat(flow.path("protocolVersion").asText()).isEqualTo("2025-11-25");
        assertThat(flow.path("hasSessionId").asBoolean()).isTrue();
        assertThat(flow.path("serverCapabilities").has("tools")).as(text).isTrue();

        // tools/list comes in pages of 10; following nextCursor gives every tool once.
        JsonNode listing = flow.path("listing");
        List<String> names = texts(listing.path("names"));
        assertThat(names)
                .as(text)
                .containsAll(READ_TOOLS)
                .containsAll(WRITE_TOOLS)
                .doesNotHaveDuplicates();
        JsonNode pages = listing.path("pages");
        assertThat(pages.size()).isEqualTo((names.size() + 9) / 10).isGreaterThanOrEqualTo(2);
        for (int i = 0; i < pages.size(); i++) {
            JsonNode page = pages.get(i);
            boolean last = i == pages.size() - 1;
            assertThat(page.path("count").asInt()).as(page.toString()).isEqualTo(last ? names.size() - 10 * i : 10);
            assertThat(page.path("nextCursor").isNull()).as(page.toString()).isEqualTo(last);
        }
        for (JsonNode tool : listing.path("tools")) {
            String name = tool.path("name").asText();
            assertThat(tool.path("hasInputSchema").asBoolean()).as(name).isTrue();
            assertThat(tool.path("description").asText()).as(name).isNotBlank();
            if (READ_TOOLS.contains(name) || WRITE_TOOLS.contains(name)) {
                assertThat(tool.path("hasOutputSchema").asBoolean()).as(name).isTrue();
                assertThat(tool.path("annotations").path("readOnlyHint").asBoolean())
                        .as(name)
                        .isEqualTo(READ_TOOLS.contains(name));
            }
        }
        // The MCP list and the REST list of one scope are the same tools.
        assertThat(names).containsExactlyInAnyOrderElementsOf(restToolNames(token));

        // create_course: the course belongs to the token's user, in the workspace-default tenant.
        JsonNode course = flow.path("createCourse").path("structuredContent").path("course");
        assertThat(course.path("title").asText()).isEqualTo(title);
        assertThat(course.path("identifier").asText()).isEqualTo(identifier);
        assertThat(course.path("clientIdentifier").isNull()).isTrue();
        assertThat(course.path("published").asBoolean()).isFalse();
        long courseId = flow.path("courseId").asLong();
        assertThat(course.path("id").asLong()).isEqualTo(courseId);

        JsonNode layouts = flow.path("listLayouts").path("structuredContent").path("layouts");
        assertThat(layouts.size()).isPositive();
        for (JsonNode layout : layouts) {
            assertThat(layout.path("id").asText()).as(layout.toString()).isNotBlank();
            assertThat(layout.path("name").asText()).as(layout.toString()).isNotBlank();
            assertThat(layout.has("category") && layout.has("screenType"))
                    .as(layout.toString())
                    .isTrue();
        }

        // Each write answers the new revision; a write at a revision that is no longer current is
        // a conflict the agent is told about, and it changes nothing.
        long before = flow.path("documentBefore")
                .path("structuredContent")
                .path("revision")
                .asLong();
        long afterScreen = flow.path("createScreen")
                .path("structuredContent")
                .path("revision")
                .asLong();
        long afterBlock =
                flow.path("addBlock").path("structuredContent").path("revision").asLong();
        assertThat(afterScreen).isGreaterThan(before);
        assertThat(afterBlock).isGreaterThan(afterScreen);
        JsonNode element = flow.path("addBlock").path("structuredContent").path("element");
        assertThat(element.path("type").asText()).isEqualTo("text");
        assertThat(element.path("title").asText()).isEqualTo("Grip");
        assertThat(flow.path("addBlock")
                        .path("structuredContent")
                        .path("screenId")
                        .asText())
                .isEqualTo(flow.path("screenId").asText());
        JsonNode stale = flow.path("staleUpdate");
        assertThat(stale.path("error").isNull()).as(stale.toString()).isTrue();
        assertThat(stale.path("isError").asBoolean()).as(stale.toString()).isTrue();
        assertThat(stale.path("text").asText())
                .as(stale.toString())
                .containsAnyOf("conflict", "Conflict", "stale", "Stale");

        // get_course_document has the new screen, its title untouched by the stale write, and the block.
        assertThat(flow.path("screenInDocument").path("title").asText())
                .as(text)
                .isEqualTo("Swing basics");
        assertThat(flow.path("blockInDocument").path("type").asText()).as(text).isEqualTo("text");
        assertThat(flow.path("blockInDocument").path("title").asText()).isEqualTo("Grip");
        assertThat(flow.path("publish")
                        .path("structuredContent")
                        .path("course")
                        .path("published")
                        .asBoolean())
                .as(text)
                .isTrue();

        // The tenant's backend sees what the agent did through the courses API.
        key().get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200)
                .body("title", equalTo(title))
                .body("identifier", equalTo(identifier))
                .body("published", equalTo(true));
        JsonPath draft = key().get("/v1/headless/course/" + courseId + "/content")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        String screenId = flow.path("screenId").asText();
        assertThat(draft.getList("document.screens.id", String.class)).contains(screenId);
        assertThat(draft.getList("document.screens.find { it.id == '" + screenId + "' }.elements.id", String.class))
                .contains(flow.path("elementId").asText());
    }

    @Test
    void theMcpProtocolRevisionFollowsTheClientsAsk() throws Exception {
        String token = mint(Map.of("identifier", "mcp-version-" + RUN));
        for (String version : List.of("2025-06-18", "2025-11-25")) {
            Response response = initialize(token, version, null);
            assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
            String session = response.header("Mcp-Session-Id");
            assertThat(session).as("Mcp-Session-Id").isNotBlank();
            JsonNode message = rpcMessage(response);
            assertThat(message.path("result").path("protocolVersion").asText())
                    .as(message.toString())
                    .isEqualTo(version);
            assertThat(message.path("result").path("capabilities").has("tools"))
                    .as(message.toString())
                    .isTrue();
            Suite.ingress()
                    .auth()
                    .oauth2(token)
                    .header("Mcp-Session-Id", session)
                    .header("MCP-Protocol-Version", version)
                    .delete(MCP);
        }
    }

    @Test
    void theSameFlowOverRest() {
        String identifier = "rest-author-" + RUN;
        String token = mint(Map.of("identifier", identifier, "readonly", false, "tools", ALL_TOOLS));
        List<Map<String, Object>> tools = Suite.ingress()
                .auth()
                .oauth2(token)
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        List<String> names = tools.stream().map(t -> (String) t.get("name")).toList();
        assertThat(names).containsAll(READ_TOOLS).containsAll(WRITE_TOOLS).doesNotHaveDuplicates();
        for (Map<String, Object> tool : tools) {
            String name = (String) tool.get("name");
            assertThat((String) tool.get("description")).as(name).isNotBlank();
            assertThat(tool.get("inputSchema")).as(name).isInstanceOf(Map.class);
            assertThat(((Map<?, ?>) tool.get("inputSchema")).get("type"))
                    .as(name)
                    .isEqualTo("object");
            assertThat(tool.get("annotations")).as(name).isInstanceOf(Map.class);
            assertThat(((Map<?, ?>) tool.get("annotations")).get("readOnlyHint"))
                    .as(name)
                    .isEqualTo(tool.get("readOnly"));
            if (READ_TOOLS.contains(name) || WRITE_TOOLS.contains(name)) {
                assertThat(tool.get("readOnly")).as(name).isEqualTo(READ_TOOLS.contains(name));
                assertThat(tool.get("outputSchema")).as(name).isInstanceOf(Map.class);
            }
        }

        String title = "REST agent course " + RUN;
        JsonPath created = call(token, "create_course", Map.of("title", title, "description", "Made over REST"));
        assertThat(created.getString("content[0].type")).isEqualTo("text");
        assertThat(created.getString("content[0].text")).isNotBlank();
        long courseId = created.getLong("structuredContent.course.id");
        assertThat(created.getString("structuredContent.course.identifier")).isEqualTo(identifier);
        assertThat(created.getBoolean("structuredContent.course.published")).isFalse();

        String layoutId = call(token, "list_layouts", Map.of()).getString("structuredContent.layouts[0].id");
        assertThat(layoutId).isNotBlank();
        JsonPath document = call(token, "get_course_document", Map.of("courseId", courseId));
        assertThat(document.getLong("structuredContent.courseId")).isEqualTo(courseId);
        long revision = document.getLong("structuredContent.revision");
        List<String> screensBefore = document.getList("structuredContent.document.screens.id", String.class);

        JsonPath screen = call(
                token,
                "create_screen",
                Map.of("courseId", courseId, "layoutId", layoutId, "title", "Putting", "revision", revision));
        long afterScreen = screen.getLong("structuredContent.revision");
        assertThat(afterScreen).isGreaterThan(revision);
        List<String> screens = screen.getList("structuredContent.screens.id", String.class);
        List<String> added = new ArrayList<>(screens);
        added.removeAll(screensBefore);
        assertThat(added).as(screen.prettify()).hasSize(1);
        String screenId = added.get(0);

        JsonPath block = call(
                token,
                "add_block",
                Map.of(
                        "courseId",
                        courseId,
                        "screenId",
                        screenId,
                        "revision",
                        afterScreen,
                        "block",
                        Map.of("type", "text", "title", "Read the green", "description", "<p>Left to right.</p>")));
        assertThat(block.getString("structuredContent.screenId")).isEqualTo(screenId);
        assertThat(block.getString("structuredContent.element.type")).isEqualTo("text");
        String elementId = block.getString("structuredContent.element.id");
        assertThat(elementId).isNotBlank();
        assertThat(block.getLong("structuredContent.revision")).isGreaterThan(afterScreen);

        // A stale revision: a tool error (200, isError), not an HTTP error, and nothing changes.
        JsonPath stale = toolError(
                token,
                "update_screen",
                Map.of("courseId", courseId, "screenId", screenId, "title", "Stale write", "revision", afterScreen));
        assertThat(stale.getString("content[0].text")).containsAnyOf("conflict", "Conflict", "stale", "Stale");

        JsonPath after = call(token, "get_course_document", Map.of("courseId", courseId));
        String path = "structuredContent.document.screens.find { it.id == '" + screenId + "' }";
        assertThat(after.getString(path + ".title")).isEqualTo("Putting");
        assertThat(after.getList(path + ".elements.id", String.class)).contains(elementId);
        JsonPath content = call(token, "get_course_content", Map.of("courseId", courseId));
        assertThat(content.getString("structuredContent.title")).isEqualTo(title);
        assertThat(content.getList("structuredContent.screens.title", String.class))
                .contains("Putting");

        JsonPath published = call(token, "publish_course", Map.of("courseId", courseId));
        assertThat(published.getBoolean("structuredContent.course.published")).isTrue();
        assertThat(call(token, "get_course", Map.of("courseId", courseId))
                        .getBoolean("structuredContent.course.published"))
                .isTrue();
        JsonPath listed = call(token, "list_courses", Map.of("title", title));
        assertThat(listed.getList("structuredContent.courses.id", Long.class)).contains(courseId);
        key().get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200)
                .body("published", equalTo(true))
                .body("identifier", equalTo(identifier));

        // A tool's own failures are results the agent can read, not HTTP errors.
        assertThat(toolError(token, "get_course", Map.of("courseId", 987_654_321_098L))
                        .getString("content[0].text"))
                .isNotBlank();
        assertThat(toolError(token, "create_screen", Map.of("courseId", courseId, "layoutId", "no-such-layout-" + RUN))
                        .getString("content[0].text"))
                .isNotBlank();
    }

    @Test
    void aTokenIsReadOnlyUnlessMintedOtherwise() throws Exception {
        String token = mint(Map.of("identifier", "reader-" + RUN));
        List<Map<String, Object>> tools = Suite.ingress()
                .auth()
                .oauth2(token)
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        List<String> names = tools.stream().map(t -> (String) t.get("name")).toList();
        assertThat(names).containsAll(READ_TOOLS).doesNotContainAnyElementsOf(WRITE_TOOLS);
        assertThat(tools)
                .allSatisfy(t -> assertThat(t.get("readOnly"))
                        .as(t.get("name").toString())
                        .isEqualTo(true));
        forbidden(tool(token, "create_course", Map.of("title", "Refused " + RUN)));
        call(token, "list_layouts", Map.of());

        JsonNode checks = agent(Map.of(
                        "checks",
                        List.of(
                                check("list", token, "listTools"),
                                check(
                                        "create",
                                        token,
                                        "callTool",
                                        "name",
                                        "create_course",
                                        "arguments",
                                        Map.of("title", "Refused " + RUN)),
                                check("read", token, "callTool", "name", "list_layouts", "arguments", Map.of()))))
                .path("checks");
        assertThat(texts(checks.path("list").path("names")))
                .as(checks.toString())
                .containsExactlyInAnyOrderElementsOf(names);
        assertJsonRpcRefusal(checks.path("create"));
        assertThat(checks.path("read").path("isError").asBoolean(true))
                .as(checks.toString())
                .isFalse();
        // Nothing was created by either refusal.
        JsonPath listed = call(token, "list_courses", Map.of("title", "Refused " + RUN));
        assertThat(listed.getList("structuredContent.courses.title", String.class))
                .doesNotContain("Refused " + RUN);
    }

    @Test
    void anAllowlistTokenSeesAndRunsOnlyItsTools() throws Exception {
        long course = headlessCourse("Allowlisted " + RUN, null);
        String token =
                mint(Map.of("identifier", "allowlisted-" + RUN, "tools", List.of("get_course"), "readonly", false));
        assertThat(restToolNames(token)).containsExactly("get_course");
        assertThat(call(token, "get_course", Map.of("courseId", course)).getLong("structuredContent.course.id"))
                .isEqualTo(course);
        forbidden(tool(token, "list_courses", Map.of()));
        forbidden(tool(token, "create_course", Map.of("title", "Refused " + RUN)));

        JsonNode checks = agent(Map.of(
                        "checks",
                        List.of(
                                check("list", token, "listTools"),
                                check(
                                        "allowed",
                                        token,
                                        "callTool",
                                        "name",
                                        "get_course",
                                        "arguments",
                                        Map.of("courseId", course)),
                                check("other", token, "callTool", "name", "list_courses", "arguments", Map.of()))))
                .path("checks");
        JsonNode list = checks.path("list");
        assertThat(texts(list.path("names"))).as(list.toString()).containsExactly("get_course");
        assertThat(list.path("pages").size()).isEqualTo(1);
        assertThat(list.path("pages").get(0).path("nextCursor").isNull()).isTrue();
        assertThat(checks.path("allowed")
                        .path("structuredContent")
                        .path("course")
                        .path("id")
                        .asLong())
                .as(checks.toString())
                .isEqualTo(course);
        assertJsonRpcRefusal(checks.path("other"));

        // A tool that does not exist cannot be allowed: the mint names it.
        Response unknown = Suite.ingress()
                .header("Authorization", workspaceKey)
                .contentType(ContentType.JSON)
                .body(Map.of("identifier", "allowlisted-" + RUN, "tools", List.of("get_course", "no_such_tool")))
                .post("/api/v1/agent/auth");
        unknown.then().statusCode(400);
        assertThat(unknown.asString()).contains("no_such_tool");
    }

    /**
     * Agents at once: three MCP clients side by side, each opening 50 connections and making a
     * refused call on each. Every call is answered with its JSON-RPC refusal, none with a 500.
     * Requests that waited on the workspace rate limit's shared renewal used to go on on the
     * event loop of the request that started it, and Vert.x then refused their body.
     */
    @Test
    void agentsCallingAtOnceAreEachAnswered() throws Exception {
        String token = mint(Map.of("identifier", "at-once-" + RUN, "tools", List.of("get_course"), "readonly", false));
        List<Map<String, Object>> checks = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            checks.add(check("call-" + i, token, "callTool", "name", "list_courses", "arguments", Map.of()));
        }
        ExecutorService side = Executors.newFixedThreadPool(3);
        try {
            List<Future<JsonNode>> clients = new ArrayList<>();
            for (int client = 0; client < 3; client++) {
                clients.add(side.submit(() -> agent(Map.of("checks", checks)).path("checks")));
            }
            for (Future<JsonNode> client : clients) {
                JsonNode answered = client.get(4, TimeUnit.MINUTES);
                assertThat(answered.size()).isEqualTo(50);
                answered.forEach(AgentGatewayIT::assertJsonRpcRefusal);
            }
        } finally {
            side.shutdownNow();
        }
    }

    @Test
    void aCoursePinnedTokenReachesOnlyItsCourse() throws Exception {
        String identifier = "pinned-" + RUN;
        long pinned = headlessCourse("Pinned " + RUN, null, identifier);
        long other = headlessCourse("Not pinned " + RUN, null, identifier);
        String token = mint(Map.of("identifier", identifier, "courseId", pinned));
        assertThat(call(token, "get_course", Map.of("courseId", pinned)).getLong("structuredContent.course.id"))
                .isEqualTo(pinned);
        forbidden(tool(token, "get_course", Map.of("courseId", other)));
        forbidden(tool(token, "get_course_document", Map.of("courseId", other)));
        JsonPath listed = call(token, "list_courses", Map.of());
        assertThat(listed.getList("structuredContent.courses.id", Long.class)).containsExactly(pinned);

        JsonNode checks = agent(Map.of(
                        "checks",
                        List.of(
                                check(
                                        "pinned",
                                        token,
                                        "callTool",
                                        "name",
                                        "get_course",
                                        "arguments",
                                        Map.of("courseId", pinned)),
                                check(
                                        "other",
                                        token,
                                        "callTool",
                                        "name",
                                        "get_course",
                                        "arguments",
                                        Map.of("courseId", other)))))
                .path("checks");
        assertThat(checks.path("pinned")
                        .path("structuredContent")
                        .path("course")
                        .path("id")
                        .asLong())
                .as(checks.toString())
                .isEqualTo(pinned);
        assertJsonRpcRefusal(checks.path("other"));
    }

    @Test
    void tenantsOfOneWorkspaceNeverSeeEachOthersCourses() throws Exception {
        String a = "tenant-a-" + RUN;
        String b = "tenant-b-" + RUN;
        String tokenB = mint(
                Map.of("identifier", "agent-b-" + RUN, "clientIdentifier", b, "readonly", false, "tools", ALL_TOOLS));
        long ofB = call(tokenB, "create_course", Map.of("title", "Tenant B course " + RUN))
                .getLong("structuredContent.course.id");
        key().queryParam("clientIdentifier", b)
                .get("/v1/headless/courses/" + ofB)
                .then()
                .statusCode(200)
                .body("clientIdentifier", equalTo(b));
        long ofA = headlessCourse("Tenant A course " + RUN, a);
        String tokenA = mint(Map.of("identifier", "agent-a-" + RUN, "clientIdentifier", a));

        // B's course does not exist for A: a tool error, and not in A's list, which has A's own.
        assertThat(toolError(tokenA, "get_course", Map.of("courseId", ofB)).getString("content[0].text"))
                .isNotBlank();
        toolError(tokenA, "get_course_document", Map.of("courseId", ofB));
        List<Long> listedForA =
                call(tokenA, "list_courses", Map.of()).getList("structuredContent.courses.id", Long.class);
        assertThat(listedForA).contains(ofA).doesNotContain(ofB);
        assertThat(call(tokenB, "list_courses", Map.of()).getList("structuredContent.courses.id", Long.class))
                .contains(ofB)
                .doesNotContain(ofA);
        assertThat(call(tokenB, "get_course", Map.of("courseId", ofB))
                        .getString("structuredContent.course.clientIdentifier"))
                .isEqualTo(b);

        JsonNode checks = agent(Map.of(
                        "checks",
                        List.of(
                                check(
                                        "foreign",
                                        tokenA,
                                        "callTool",
                                        "name",
                                        "get_course",
                                        "arguments",
                                        Map.of("courseId", ofB)),
                                check(
                                        "own",
                                        tokenA,
                                        "callTool",
                                        "name",
                                        "get_course",
                                        "arguments",
                                        Map.of("courseId", ofA)))))
                .path("checks");
        JsonNode foreign = checks.path("foreign");
        assertThat(foreign.path("error").isNull()).as(foreign.toString()).isTrue();
        assertThat(foreign.path("isError").asBoolean()).as(foreign.toString()).isTrue();
        assertThat(checks.path("own")
                        .path("structuredContent")
                        .path("course")
                        .path("id")
                        .asLong())
                .as(checks.toString())
                .isEqualTo(ofA);
    }

    @Test
    void expiredTamperedAndForeignSignedTokensAreRefusedWithABearerChallenge() throws Exception {
        String token = mint(Map.of("identifier", "forger-" + RUN));
        Suite.ingress().auth().oauth2(token).get("/api/v1/agent/tools").then().statusCode(200);
        String[] parts = token.split("\\.");
        assertThat(parts).hasSize(3);
        ObjectNode header = (ObjectNode) JSON.readTree(Base64.getUrlDecoder().decode(parts[0]));
        ObjectNode claims = (ObjectNode) JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
        assertThat(header.path("alg").asText()).isEqualTo("RS256");
        PrivateKey ours = KeyPairGenerator.getInstance("RSA").generateKeyPair().getPrivate();
        long now = Instant.now().getEpochSecond();

        ObjectNode expired = claims.deepCopy().put("iat", now - 7200).put("exp", now - 3600);
        if (expired.has("nbf")) {
            expired.put("nbf", now - 7200);
        }
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("no token", null);
        refused.put("not a JWT", "not-a-token");
        refused.put("expired, signed with another key", jwt(header, expired, ours));
        refused.put("same claims, signed with another key", jwt(header, claims, ours));
        char flipped = parts[1].charAt(parts[1].length() / 2) == 'A' ? 'B' : 'A';
        refused.put(
                "a character of the payload flipped",
                parts[0] + "." + parts[1].substring(0, parts[1].length() / 2) + flipped
                        + parts[1].substring(parts[1].length() / 2 + 1) + "." + parts[2]);
        ObjectNode escalated = claims.deepCopy().put("readonly", false);
        escalated.remove(List.of("tools", "courseId", "clientIdentifier"));
        refused.put(
                "readonly claim turned off, original signature",
                encode(header) + "." + encode(escalated) + "." + parts[2]);
        refused.put(
                "alg none",
                encode(JSON.createObjectNode().put("alg", "none").put("typ", "JWT")) + "." + parts[1] + ".");
        // The gateway's own key (the suite keeps each service's key pair next to the webhook CA):
        // only the expiry is wrong.
        PrivateKey gateway = gatewayKey(parts);
        refused.put("expired, signed with the gateway's key", jwt(header, expired, gateway));
        for (Map.Entry<String, String> forged : refused.entrySet()) {
            assertUnauthorized(forged.getKey(), forged.getValue());
        }

        // The MCP SDK client is told the same.
        JsonNode checks = agent(Map.of(
                        "checks",
                        List.of(
                                check("expired", refused.get("expired, signed with the gateway's key"), "connect"),
                                check("foreign", refused.get("same claims, signed with another key"), "connect"),
                                check(
                                        "tampered",
                                        refused.get("readonly claim turned off, original signature"),
                                        "connect"))))
                .path("checks");
        for (String id : List.of("expired", "foreign", "tampered")) {
            JsonNode check = checks.path(id);
            assertThat(check.path("connected").asBoolean()).as(id + " " + check).isFalse();
            assertThat(check.path("error").path("httpStatus").asInt())
                    .as(id + " " + check)
                    .isEqualTo(401);
            assertThat(check.path("error").path("wwwAuthenticate").asText())
                    .as(id + " " + check)
                    .startsWith("Bearer");
        }
    }

    @Test
    void anMcpSessionAnswersOnlyTheAgentThatOpenedIt() throws Exception {
        long course = headlessCourse("Session " + RUN, null);
        String owner = mint(Map.of("identifier", "session-owner-" + RUN));
        String intruder = mint(Map.of("identifier", "session-intruder-" + RUN));
        JsonNode checks = agent(Map.of(
                        "checks",
                        List.of(
                                Map.of(
                                        "id",
                                        "hijack",
                                        "action",
                                        "hijack",
                                        "token",
                                        intruder,
                                        "victimToken",
                                        owner,
                                        "arguments",
                                        Map.of("courseId", course)),
                                check(
                                        "origin",
                                        owner,
                                        "connect",
                                        "headers",
                                        Map.of("Origin", "https://attacker.example")),
                                check("noOrigin", owner, "connect"))))
                .path("checks");
        JsonNode hijack = checks.path("hijack");
        String text = hijack.toString();
        assertThat(hijack.path("victimHasSession").asBoolean()).as(text).isTrue();
        assertThat(hijack.path("victimBefore").path("error").isNull()).as(text).isTrue();
        for (String attempt : List.of("list", "call", "terminate")) {
            JsonNode error = hijack.path(attempt).path("error");
            assertThat(error.path("kind").asText()).as(attempt + " " + text).isEqualTo("http");
            assertThat(error.path("httpStatus").asInt())
                    .as(attempt + " " + text)
                    .isIn(403, 404);
        }
        // The intruder neither used nor ended the owner's session.
        assertThat(hijack.path("victimAfter").path("error").isNull()).as(text).isTrue();
        assertThat(texts(hijack.path("victimAfter").path("names"))).containsAll(READ_TOOLS);

        JsonNode origin = checks.path("origin");
        assertThat(origin.path("connected").asBoolean()).as(origin.toString()).isFalse();
        assertThat(origin.path("error").path("httpStatus").asInt())
                .as(origin.toString())
                .isEqualTo(403);
        assertThat(checks.path("noOrigin").path("connected").asBoolean())
                .as(checks.toString())
                .isTrue();
        Response fromPage = initialize(owner, "2025-06-18", "https://attacker.example");
        assertThat(fromPage.statusCode()).as(fromPage.asString()).isEqualTo(403);
    }

    @Test
    void aStarterWorkspaceCannotMintAgentTokens() {
        String starter = Suite.key(Suite.workspace("starter"), "live")[1];
        Suite.ingress()
                .header("Authorization", starter)
                .contentType(ContentType.JSON)
                .body(Map.of("identifier", "starter-agent-" + RUN))
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("message", not(emptyOrNullString()));
        Suite.ingress()
                .header("Authorization", workspaceKey)
                .contentType(ContentType.JSON)
                .body(Map.of("clientIdentifier", "no-identifier"))
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(400);
    }

    @Test
    void theMcpInspectorCliListsTheToolsOfTheTokensScope() throws Exception {
        String writer = mint(Map.of("identifier", "inspector-writer-" + RUN, "readonly", false, "tools", ALL_TOOLS));
        String reader = mint(Map.of("identifier", "inspector-reader-" + RUN));
        // The write token's tools span two pages: the Inspector follows the cursor as the SDK does.
        List<String> all = inspectorTools(writer);
        assertThat(all).containsAll(READ_TOOLS).containsAll(WRITE_TOOLS).hasSizeGreaterThan(10);
        assertThat(inspectorTools(reader)).containsAll(READ_TOOLS).doesNotContainAnyElementsOf(WRITE_TOOLS);
        // With a token the gateway refuses it gives up at once (no sign-in attempt, no browser).
        NodeScripts.Result refused = inspector("not-a-token");
        assertThat(refused.exit()).as(refused.out()).isNotZero();
        assertThat(refused.out()).doesNotContain("list_courses");
    }

    // -- tokens ------------------------------------------------------------------------------

    private static String mint(Map<String, Object> body) {
        JsonPath minted = Suite.ingress()
                .header("Authorization", workspaceKey)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/api/v1/agent/auth")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        Instant expires = OffsetDateTime.parse(minted.getString("expiresAt")).toInstant();
        // Four hours by default.
        assertThat(expires)
                .isBetween(
                        Instant.now().plus(Duration.ofMinutes(230)),
                        Instant.now().plus(Duration.ofMinutes(250)));
        String token = minted.getString("token");
        assertThat(token).isNotBlank();
        return token;
    }

    private static String encode(JsonNode node) throws Exception {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(JSON.writeValueAsBytes(node));
    }

    private static String jwt(JsonNode header, JsonNode claims, PrivateKey key) throws Exception {
        String input = encode(header) + "." + encode(claims);
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(key);
        signature.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature.sign());
    }

    /** agent-gateway's private key from the suite's keys, checked against a token it signed. */
    private static PrivateKey gatewayKey(String[] token) throws Exception {
        Path pem = Path.of(Suite.env("WEBHOOK_CA_KEY")).getParent().resolve("jwt/private/agent-gateway.pem");
        String base64 =
                Files.readString(pem).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        RSAPrivateCrtKey key = (RSAPrivateCrtKey)
                rsa.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        PublicKey publicKey = rsa.generatePublic(new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent()));
        Signature verify = Signature.getInstance("SHA256withRSA");
        verify.initVerify(publicKey);
        verify.update((token[0] + "." + token[1]).getBytes(StandardCharsets.US_ASCII));
        assertThat(verify.verify(Base64.getUrlDecoder().decode(token[2])))
                .as(pem + " signed the minted token")
                .isTrue();
        return key;
    }

    /** 401 with a Bearer challenge on the REST list, a REST call and MCP initialize; null = no Authorization. */
    private static void assertUnauthorized(String why, String token) {
        Map<String, Response> answers = new LinkedHashMap<>();
        answers.put("GET tools", bearer(token).get("/api/v1/agent/tools"));
        answers.put(
                "POST tools/get_course",
                bearer(token)
                        .contentType(ContentType.JSON)
                        .body(Map.of("courseId", 1))
                        .post("/api/v1/agent/tools/get_course"));
        answers.put(
                "POST tools/create_course",
                bearer(token)
                        .contentType(ContentType.JSON)
                        .body(Map.of("title", "Forged " + RUN))
                        .post("/api/v1/agent/tools/create_course"));
        answers.put("MCP initialize", initialize(token, "2025-06-18", null));
        for (Map.Entry<String, Response> answer : answers.entrySet()) {
            Response response = answer.getValue();
            String as = why + ": " + answer.getKey() + " answered " + response.statusCode() + " " + response.asString();
            assertThat(response.statusCode()).as(as).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate")).as(as).startsWith("Bearer");
        }
    }

    private static RequestSpecification bearer(String token) {
        return token == null ? Suite.ingress() : Suite.ingress().header("Authorization", "Bearer " + token);
    }

    // -- REST tools ----------------------------------------------------------------------------

    private static RequestSpecification key() {
        return Suite.ingress().header("Authorization", workspaceKey);
    }

    private static Response tool(String token, String name, Object arguments) {
        return Suite.ingress()
                .auth()
                .oauth2(token)
                .contentType(ContentType.JSON)
                .body(arguments)
                .post("/api/v1/agent/tools/" + name);
    }

    /** A successful REST tool call: 200, isError false, the structured result. */
    private static JsonPath call(String token, String name, Object arguments) {
        Response response = tool(token, name, arguments);
        assertThat(response.statusCode()).as(name + ": " + response.asString()).isEqualTo(200);
        JsonPath result = response.jsonPath();
        assertThat(result.getBoolean("isError"))
                .as(name + ": " + response.asString())
                .isFalse();
        assertThat(result.getMap("structuredContent"))
                .as(name + ": " + response.asString())
                .isNotNull();
        return result;
    }

    /** A tool's own failure: 200, isError true and a message. */
    private static JsonPath toolError(String token, String name, Object arguments) {
        Response response = tool(token, name, arguments);
        assertThat(response.statusCode()).as(name + ": " + response.asString()).isEqualTo(200);
        JsonPath result = response.jsonPath();
        assertThat(result.getBoolean("isError"))
                .as(name + ": " + response.asString())
                .isTrue();
        assertThat(result.getString("content[0].type")).isEqualTo("text");
        return result;
    }

    private static void forbidden(Response response) {
        response.then()
                .statusCode(403)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("FORBIDDEN"))
                .body("error.status", equalTo(403))
                .body("message", not(emptyOrNullString()));
    }

    private static List<String> restToolNames(String token) {
        return Suite.ingress()
                .auth()
                .oauth2(token)
                .get("/api/v1/agent/tools")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("name", String.class);
    }

    private static long headlessCourse(String title, String clientIdentifier) {
        return headlessCourse(title, clientIdentifier, "author-" + RUN);
    }

    private static long headlessCourse(String title, String clientIdentifier, String identifier) {
        Map<String, Object> body = new HashMap<>(Map.of("title", title, "identifier", identifier));
        if (clientIdentifier != null) {
            body.put("clientIdentifier", clientIdentifier);
        }
        return key().contentType(ContentType.JSON)
                .body(body)
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    // -- MCP by hand ---------------------------------------------------------------------------

    private static Response initialize(String token, String version, String origin) {
        RequestSpecification request =
                bearer(token).contentType(ContentType.JSON).accept("application/json, text/event-stream");
        if (origin != null) {
            request.header("Origin", origin);
        }
        return request.body(Map.of(
                        "jsonrpc",
                        "2.0",
                        "id",
                        1,
                        "method",
                        "initialize",
                        "params",
                        Map.of(
                                "protocolVersion",
                                version,
                                "capabilities",
                                Map.of(),
                                "clientInfo",
                                Map.of("name", "course-platform-system-tests", "version", "1.0.0"))))
                .post(MCP);
    }

    /** The JSON-RPC message of a Streamable HTTP answer: a JSON body, or the first event of an SSE stream. */
    private static JsonNode rpcMessage(Response response) throws Exception {
        String body = response.asString();
        if (!String.valueOf(response.contentType()).startsWith("text/event-stream")) {
            return JSON.readTree(body);
        }
        StringBuilder data = new StringBuilder();
        for (String line : body.split("\r?\n")) {
            if (line.startsWith("data:")) {
                data.append(line.substring(5).strip());
            } else if (line.isEmpty() && !data.isEmpty()) {
                break;
            }
        }
        return JSON.readTree(data.toString());
    }

    private static void assertJsonRpcRefusal(JsonNode result) {
        String text = result.toString();
        assertThat(result.path("connected").asBoolean()).as(text).isTrue();
        assertThat(result.path("error").path("kind").asText())
                .as("a JSON-RPC error, not a tool result: " + text)
                .isEqualTo("jsonrpc");
        assertThat(result.path("error").path("message").asText()).as(text).isNotBlank();
        assertThat(result.path("structuredContent").isNull()).as(text).isTrue();
    }

    // -- node ----------------------------------------------------------------------------------

    private static Map<String, Object> check(String id, String token, String action, Object... more) {
        Map<String, Object> check = new HashMap<>(Map.of("id", id, "token", token, "action", action));
        for (int i = 0; i < more.length; i += 2) {
            check.put((String) more[i], more[i + 1]);
        }
        return check;
    }

    /** Runs src/test/js/mcp-agent.mjs with a plan; answers its report. */
    private static JsonNode agent(Map<String, Object> plan) throws Exception {
        Map<String, Object> full = new HashMap<>(plan);
        full.put("baseUrl", Suite.BASE_URL);
        NodeScripts.Result result =
                run(Duration.ofMinutes(3), JSON.writeValueAsString(full), Map.of(), "node", "mcp-agent.mjs");
        assertThat(result.exit()).as("node mcp-agent.mjs: " + result.out()).isZero();
        return JSON.readTree(result.out());
    }

    private static List<String> inspectorTools(String token) throws Exception {
        NodeScripts.Result result = inspector(token);
        assertThat(result.exit()).as("MCP Inspector CLI: " + result.out()).isZero();
        List<String> names = new ArrayList<>();
        for (JsonNode tool : JSON.readTree(result.out()).path("result").path("tools")) {
            names.add(tool.path("name").asText());
        }
        return names;
    }

    /** The Inspector's CLI from node_modules, with its state in target/ rather than the user's home. */
    private static NodeScripts.Result inspector(String token) throws Exception {
        Path pkg = NODE_DIR.resolve("node_modules/@modelcontextprotocol/inspector");
        String bin = JSON.readTree(pkg.resolve("package.json").toFile())
                .path("bin")
                .path("mcp-inspector")
                .asText();
        Path home = Files.createDirectories(NODE_DIR.resolve("inspector-home"));
        return run(
                Duration.ofMinutes(2),
                null,
                Map.of("HOME", home.toString(), "NO_COLOR", "1"),
                "node",
                pkg.resolve(bin).normalize().toString(),
                "--cli",
                Suite.BASE_URL + MCP,
                "--transport",
                "http",
                "--method",
                "tools/list",
                "--header",
                "Authorization: Bearer " + token,
                "--format",
                "json",
                "--stored-auth-only");
    }

    private static void installNodePackages() throws Exception {
        NodeScripts.install(
                List.of("mcp-agent.mjs"), List.of("@modelcontextprotocol/sdk", "@modelcontextprotocol/inspector"));
    }

    private static NodeScripts.Result run(Duration timeout, String input, Map<String, String> env, String... command)
            throws Exception {
        return NodeScripts.run(timeout, input, env, command);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}
