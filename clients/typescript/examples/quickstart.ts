// The README's examples as one program, compiled against the generated types and run against a
// running platform by system-tests (ClientsIT): node dist/examples/quickstart.js, with BASE_URL,
// WORKSPACE_ID and API_KEY in the environment (`eval "$(./suite env)"`). Prints one JSON line.
import { createClient } from "../src/index.js";

const api = createClient({
  baseUrl: process.env.BASE_URL!,
  workspaceId: process.env.WORKSPACE_ID!,
  apiKey: process.env.API_KEY!,
});

// List members: the first page of 20.
const members = await api.GET("/api/v1/members", { params: { query: { page: "0", limit: "20" } } });
if (members.error) throw new Error(`listing members: ${members.error.message} (trace ${members.error.traceId})`);

// Create a course.
const created = await api.POST("/v1/headless/courses", {
  body: { title: "Onboarding", identifier: `quickstart-${Date.now()}` },
});
if (created.error) throw new Error(`creating a course: ${created.error.message}`);

// Get an embed URL for a learner (the answer is the URL itself, as text).
const embed = await api.POST("/v1/headless/embed/course", {
  body: { courseId: created.data.id, identifier: "learner-42", action: "edit" },
  parseAs: "text",
});
if (embed.error) throw new Error(`embed URL: ${embed.error.message}`);

console.log(JSON.stringify({ members: members.data.length, courseId: created.data.id, embedUrl: embed.data }));
