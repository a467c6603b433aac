// An AI agent's session with agent-gateway's MCP server, through the official MCP SDK client
// (Client + StreamableHTTPClientTransport, the token in requestInit's Authorization header).
//
// Reads a plan on stdin:
//   {baseUrl, timeoutMs?,
//    flow?: {token, title, screenTitle, blockTitle, layoutId?},
//    checks?: [{id, action, token, name?, arguments?, headers?, victimToken?}]}
// and prints one JSON object on stdout: {flow, checks}. An expected refusal never ends the
// script: every failure is recorded as {kind: "jsonrpc" | "http" | "other", code | status,
// message, httpStatus, wwwAuthenticate}.
//
// The flow, with flow.token (a read-write token): connect; tools/list page by page until there
// is no nextCursor; create_course; list_layouts and pick a layout; get_course_document (the
// revision); create_screen from the layout at that revision; add_block (a text element) to the
// new screen at the revision create_screen answered; update_screen at the now stale revision
// (a conflict, as a tool error); get_course_document (are the screen and the block there?);
// publish_course.
//
// Check actions, each with its own connection:
//   connect   initialize only (headers: extra request headers, e.g. Origin)
//   listTools initialize, then every page of tools/list
//   callTool  initialize, then tools/call name with arguments
//   hijack    victimToken connects and lists; then token presents the victim's Mcp-Session-Id
//             (no initialize of its own) for tools/list, tools/call get_course and DELETE (end
//             the session); then the victim lists again
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

const MCP_PATH = '/api/v1/agent/mcp';
const MAX_PAGES = 50;

const plan = JSON.parse(await readStdin());
const timeout = plan.requestTimeoutMs ?? 20000;
const report = { flow: null, checks: {} };

// A hung server must not hang the test: after timeoutMs, print what there is and fail.
const watchdog = setTimeout(() => {
  report.timedOut = true;
  process.stdout.write(JSON.stringify(report) + '\n');
  console.error(`mcp-agent: gave up after ${plan.timeoutMs ?? 150000} ms`);
  process.exit(2);
}, plan.timeoutMs ?? 150000);

if (plan.flow) {
  report.flow = await flow(plan.flow);
}
for (const check of plan.checks ?? []) {
  try {
    report.checks[check.id] = await runCheck(check);
  } catch (error) {
    report.checks[check.id] = { error: describe(error, []) };
  }
}
clearTimeout(watchdog);
process.stdout.write(JSON.stringify(report) + '\n');
process.exit(0);

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A fetch that records the status and headers of every response the transport gets. */
function recordingFetch(log) {
  return async (url, init) => {
    const response = await fetch(url, init);
    log.push({
      method: init?.method ?? 'GET',
      status: response.status,
      wwwAuthenticate: response.headers.get('www-authenticate'),
      sessionId: response.headers.get('mcp-session-id'),
      contentType: response.headers.get('content-type'),
    });
    return response;
  };
}

function describe(error, log) {
  const last = [...log].reverse().find((r) => r.method !== 'GET') ?? null;
  const seen = { httpStatus: last?.status ?? null, wwwAuthenticate: last?.wwwAuthenticate ?? null };
  if (error instanceof McpError) {
    return { kind: 'jsonrpc', code: error.code, message: error.message, data: error.data ?? null, ...seen };
  }
  if (error instanceof StreamableHTTPError) {
    return { kind: 'http', status: error.code, message: error.message, ...seen };
  }
  return { kind: 'other', name: error?.name ?? null, message: String(error?.message ?? error), ...seen };
}

/** Connects (initialize + initialized) unless sessionId is given: then it only reuses that session. */
async function open(token, { headers = {}, sessionId, protocolVersion } = {}) {
  const log = [];
  const transport = new StreamableHTTPClientTransport(new URL(MCP_PATH, plan.baseUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, ...headers } },
    fetch: recordingFetch(log),
    sessionId,
    reconnectionOptions: { initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1, maxRetries: 0 },
  });
  const client = new Client({ name: 'course-platform-system-tests', version: '1.0.0' });
  client.onerror = () => {}; // the standalone GET stream may be refused (405): not a failure
  const session = { client, transport, log };
  try {
    await client.connect(transport, { timeout });
  } catch (error) {
    session.error = describe(error, log);
    await close(session, { terminate: false });
    return session;
  }
  if (sessionId && protocolVersion) {
    transport.setProtocolVersion(protocolVersion);
  }
  return session;
}

/** Ends the session (DELETE, as a well-behaved client does) unless told not to, then closes. */
async function close(session, { terminate = true } = {}) {
  try {
    if (terminate && session.transport.sessionId) {
      await session.transport.terminateSession();
    }
  } catch {
    // a server may refuse to end sessions on request (405)
  }
  try {
    await session.client.close();
  } catch {
    // closing is best effort
  }
}

/** Every page of tools/list, following nextCursor. */
async function listAll(session, { details = false } = {}) {
  const pages = [];
  const tools = [];
  const cursors = new Set();
  let cursor;
  try {
    do {
      const page = await session.client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
      const next = page.nextCursor ?? null;
      pages.push({ cursor: cursor ?? null, count: page.tools.length, names: page.tools.map((t) => t.name), nextCursor: next });
      for (const tool of page.tools) {
        tools.push(!details ? { name: tool.name } : {
          name: tool.name,
          title: tool.title ?? null,
          description: tool.description ?? null,
          hasInputSchema: tool.inputSchema?.type === 'object',
          hasOutputSchema: tool.outputSchema?.type === 'object',
          annotations: tool.annotations ?? null,
        });
      }
      if (next !== null && cursors.has(next)) {
        return { pages, names: tools.map((t) => t.name), error: { kind: 'other', message: `cursor ${next} came back twice` } };
      }
      cursors.add(next);
      cursor = next ?? undefined;
    } while (cursor !== undefined && pages.length < MAX_PAGES);
  } catch (error) {
    return { pages, names: tools.map((t) => t.name), error: describe(error, session.log) };
  }
  const result = { pages, names: tools.map((t) => t.name), error: null };
  if (details) {
    result.tools = tools;
  }
  if (cursor !== undefined) {
    result.error = { kind: 'other', message: `still a nextCursor after ${MAX_PAGES} pages` };
  }
  return result;
}

/** tools/call: the result (isError true is a tool's own failure) or the error (a refusal). */
async function call(session, name, args) {
  try {
    const result = await session.client.callTool({ name, arguments: args }, undefined, { timeout });
    return {
      isError: result.isError === true,
      structuredContent: result.structuredContent ?? null,
      text: (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n'),
      contentTypes: (result.content ?? []).map((c) => c.type),
      error: null,
    };
  } catch (error) {
    return { isError: null, structuredContent: null, text: null, contentTypes: [], error: describe(error, session.log) };
  }
}

function succeeded(result) {
  return result && result.error === null && result.isError === false && result.structuredContent !== null;
}

async function flow(spec) {
  const out = { connected: false, stoppedAt: null };
  const session = await open(spec.token);
  if (session.error) {
    out.error = session.error;
    out.stoppedAt = 'connect';
    return out;
  }
  out.connected = true;
  out.protocolVersion = session.transport.protocolVersion ?? null;
  out.serverInfo = session.client.getServerVersion() ?? null;
  out.hasSessionId = typeof session.transport.sessionId === 'string' && session.transport.sessionId.length > 0;
  out.serverCapabilities = session.client.getServerCapabilities() ?? null;
  try {
    out.listing = await listAll(session, { details: true });
    if (out.listing.error) {
      out.stoppedAt = 'tools/list';
      return out;
    }

    out.createCourse = await call(session, 'create_course', { title: spec.title, description: 'Made by an agent over MCP' });
    const courseId = out.createCourse.structuredContent?.course?.id;
    if (!succeeded(out.createCourse) || courseId === undefined) {
      out.stoppedAt = 'create_course';
      return out;
    }
    out.courseId = courseId;

    out.listLayouts = await call(session, 'list_layouts', {});
    const layouts = out.listLayouts.structuredContent?.layouts ?? [];
    const layout = spec.layoutId ? layouts.find((l) => l.id === spec.layoutId) : layouts[0];
    if (!succeeded(out.listLayouts) || !layout) {
      out.stoppedAt = 'list_layouts';
      return out;
    }
    out.layoutId = layout.id;

    out.documentBefore = await call(session, 'get_course_document', { courseId });
    const before = out.documentBefore.structuredContent;
    if (!succeeded(out.documentBefore) || before?.revision === undefined) {
      out.stoppedAt = 'get_course_document';
      return out;
    }
    const screensBefore = new Set((before.document?.screens ?? []).map((s) => s.id));

    out.createScreen = await call(session, 'create_screen',
      { courseId, layoutId: layout.id, title: spec.screenTitle, revision: before.revision });
    const created = out.createScreen.structuredContent;
    const screens = created?.screens ?? [];
    const screen = screens.find((s) => !screensBefore.has(s.id)) ?? screens.find((s) => s.title === spec.screenTitle);
    if (!succeeded(out.createScreen) || !screen) {
      out.stoppedAt = 'create_screen';
      return out;
    }
    out.screenId = screen.id;

    out.addBlock = await call(session, 'add_block', {
      courseId, screenId: screen.id, revision: created.revision,
      block: { type: 'text', title: spec.blockTitle, description: '<p>Written by an agent.</p>' },
    });
    const element = out.addBlock.structuredContent?.element;
    if (!succeeded(out.addBlock) || !element) {
      out.stoppedAt = 'add_block';
      return out;
    }
    out.elementId = element.id;

    // create_screen's revision is stale now that add_block saved: a conflict, as a tool error.
    out.staleUpdate = await call(session, 'update_screen',
      { courseId, screenId: screen.id, title: 'Stale write', revision: created.revision });

    out.documentAfter = await call(session, 'get_course_document', { courseId });
    const document = out.documentAfter.structuredContent?.document;
    const found = (document?.screens ?? []).find((s) => s.id === screen.id);
    out.screenInDocument = found ? { title: found.title ?? null, elements: found.elements ?? [] } : null;
    out.blockInDocument = found ? (found.elements ?? []).find((e) => e.id === element.id) ?? null : null;

    out.publish = await call(session, 'publish_course', { courseId });
    if (!succeeded(out.publish)) {
      out.stoppedAt = 'publish_course';
    }
    return out;
  } finally {
    await close(session);
  }
}

async function runCheck(check) {
  switch (check.action) {
    case 'connect': {
      const session = await open(check.token, { headers: check.headers });
      if (session.error) {
        return { connected: false, error: session.error };
      }
      const result = { connected: true, protocolVersion: session.transport.protocolVersion ?? null, error: null };
      await close(session);
      return result;
    }
    case 'listTools': {
      const session = await open(check.token, { headers: check.headers });
      if (session.error) {
        return { connected: false, error: session.error };
      }
      const listing = await listAll(session);
      await close(session);
      return { connected: true, ...listing };
    }
    case 'callTool': {
      const session = await open(check.token, { headers: check.headers });
      if (session.error) {
        return { connected: false, error: session.error };
      }
      const result = await call(session, check.name, check.arguments ?? {});
      await close(session);
      return { connected: true, ...result };
    }
    case 'hijack':
      return hijack(check);
    default:
      return { error: { kind: 'other', message: `unknown action ${check.action}` } };
  }
}

/** Another agent's token presenting the victim's Mcp-Session-Id. */
async function hijack(check) {
  const victim = await open(check.victimToken);
  if (victim.error) {
    return { victimConnected: false, error: victim.error };
  }
  const out = { victimConnected: true, error: null };
  try {
    const sessionId = victim.transport.sessionId ?? null;
    out.victimHasSession = sessionId !== null;
    out.victimBefore = await listAll(victim);
    if (sessionId === null) {
      return out;
    }
    const thief = await open(check.token, { sessionId, protocolVersion: victim.transport.protocolVersion });
    if (thief.error) {
      out.list = { error: thief.error };
    } else {
      out.list = await listAll(thief);
      out.call = await call(thief, 'get_course', check.arguments ?? { courseId: 1 });
      try {
        await thief.transport.terminateSession();
        out.terminate = { error: null };
      } catch (error) {
        out.terminate = { error: describe(error, thief.log) };
      }
      await close(thief, { terminate: false });
    }
    out.victimAfter = await listAll(victim);
    return out;
  } finally {
    await close(victim);
  }
}
