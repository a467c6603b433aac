// mcp-oauth.mjs: members connect their own MCP client to the consumer MCP at /mcp, as a person
// adding the platform to an AI client by its URL alone would: the official MCP SDK client with an
// OAuthClientProvider meets the 401, discovers the protected resource and authorization server
// metadata, registers itself (dynamic client registration), and runs the authorization code flow
// with PKCE; headless Chromium (playwright-core driving Debian's chromium) plays the member on the
// authorization server's login and consent pages. Then the client lists and calls tools.
//
// Reads a plan on stdin:
//   {"mcpUrl": "http://127.0.0.1:18080/mcp",
//    "members": [{"name": "team", "email": "...", "password": "...",
//                 "calls": [{"tool": "create_course", "arguments": {...}}]}]}
// For each member, in a browser context of its own: connect (the whole OAuth dance), every page
// of tools/list, the calls in order (each result or error recorded).
// Prints {"members": [{name, authorizationUrl, login, consent, clientId, protocolVersion, tools,
// calls, tokens, error}]}.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));
const REDIRECT = 'http://127.0.0.1:33418/oauth/callback';
const TIMEOUT = 20000;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  // The machine's network is closed: background connections only fail, so they are turned off.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Signs the member in on the authorization server's pages and answers the code of the redirect. */
async function authorizeInBrowser(page, url, member, seen) {
  let code = null;
  let redirectError = null;
  await page.route((u) => u.href.startsWith(REDIRECT), async (route) => {
    const back = new URL(route.request().url());
    code = back.searchParams.get('code');
    redirectError = back.searchParams.get('error');
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Done</title><p>Signed in.</p>' });
  });
  await page.goto(url.toString(), { waitUntil: 'load', timeout: TIMEOUT });
  for (let step = 0; step < 6 && !code && !redirectError; step++) {
    if (await page.locator('#username').isVisible().catch(() => false)) {
      await page.locator('#username').fill(member.email);
      await page.locator('#password').fill(member.password);
      seen.login = (seen.login || 0) + 1;
      await Promise.all([page.waitForLoadState('load'), page.locator('#kc-login').click()]);
    } else if (await page.getByRole('button', { name: /^(yes|accept|allow)/i }).first().isVisible().catch(() => false)) {
      // The consent page: what the client asks for, as the member reads it.
      seen.consent = ((await page.locator('body').innerText().catch(() => '')) || '').replace(/\s+/g, ' ').slice(0, 800);
      await page.getByRole('button', { name: /^(yes|accept|allow)/i }).first().click();
    } else {
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(200);
  }
  if (!code) {
    const text = ((await page.locator('body').innerText().catch(() => '')) || '').replace(/\s+/g, ' ').slice(0, 800);
    throw new Error(`no authorization code (error ${redirectError}); page ${page.url()}: ${text}`);
  }
  await page.unroute(() => true).catch(() => {});
  return code;
}

/** An OAuthClientProvider kept in memory: one MCP client installation. */
function provider(member, page, seen) {
  const store = {};
  return {
    get redirectUrl() { return REDIRECT; },
    get clientMetadata() {
      return {
        client_name: `System test MCP client (${member.name})`,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    clientInformation: () => store.client,
    saveClientInformation: (info) => { store.client = info; seen.clientId = info.client_id; },
    tokens: () => store.tokens,
    saveTokens: (tokens) => { store.tokens = tokens; seen.tokens = tokens; },
    saveCodeVerifier: (v) => { store.verifier = v; },
    codeVerifier: () => store.verifier,
    redirectToAuthorization: async (url) => {
      seen.authorizationUrl = url.toString();
      store.code = await authorizeInBrowser(page, url, member, seen);
    },
    get code() { return store.code; },
  };
}

async function listAll(client) {
  const names = [];
  let cursor;
  for (let i = 0; i < 50; i++) {
    const page = await client.listTools(cursor ? { cursor } : {});
    names.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
    if (!cursor) {
      break;
    }
  }
  return names;
}

const results = [];
try {
  for (const member of plan.members) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = { name: member.name, calls: [] };
    try {
      const auth = provider(member, page, seen);
      const url = new URL(plan.mcpUrl);
      let client = new Client({ name: 'course-platform-system-test', version: '1.0.0' });
      let transport = new StreamableHTTPClientTransport(url, { authProvider: auth });
      try {
        await client.connect(transport);
        seen.connectedWithoutSignIn = true;
      } catch (e) {
        if (!(e instanceof UnauthorizedError)) {
          throw e;
        }
        // Signed in and consented in the browser; the code finishes the flow, then connect again.
        await transport.finishAuth(auth.code);
        client = new Client({ name: 'course-platform-system-test', version: '1.0.0' });
        transport = new StreamableHTTPClientTransport(url, { authProvider: auth });
        await client.connect(transport);
      }
      seen.protocolVersion = transport.protocolVersion || null;
      seen.tools = await listAll(client);
      for (const call of member.calls || []) {
        try {
          const result = await client.callTool({ name: call.tool, arguments: call.arguments || {} });
          seen.calls.push({ tool: call.tool, isError: !!result.isError, structured: result.structuredContent || null,
            text: (result.content || []).map((c) => c.text || '').join('\n').slice(0, 2000) });
        } catch (e) {
          seen.calls.push({ tool: call.tool, error: { code: e.code ?? null, message: String(e.message).slice(0, 500) } });
        }
      }
      await transport.close().catch(() => {});
    } catch (e) {
      seen.error = String(e && e.stack ? e.stack : e).slice(0, 2000);
    }
    await context.close();
    results.push(seen);
  }
  process.stdout.write(JSON.stringify({ members: results }) + '\n');
} finally {
  await browser.close();
}
