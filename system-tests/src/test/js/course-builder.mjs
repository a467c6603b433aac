// course-builder.mjs: an author in headless Chromium works in the course builder (/play/builder)
// and the library screen editor (/play/screen-editor), as BuilderIT plans it. Reads a JSON plan on
// stdin:
//   {"outDir": "/abs/path/target/course-builder",
//    "runs": [{"name": "author", "steps": [
//       {"do": "open", "url": "<embed URL>", "viewport": {"width": 1280, "height": 900}},
//       {"do": "click", "role": "button", "name": "Add screen"},       (exact accessible name; role may be
//                                                                         a list of roles tried in order)
//       {"do": "viewport", "width": 375, "height": 740},
//       {"do": "fill", "label": "Front", "value": "…", "nth": 0},      (input, textarea or contenteditable)
//       {"do": "check", "label": "Answer 2 is correct"},
//       {"do": "drop", "css": ".screen-form", "file": {"name": "a.png", "type": "image/png", "base64": "…"}},
//       {"do": "focus", "role": "option", "name": "Welcome"}, {"do": "press", "key": "Alt+ArrowUp"},
//       {"do": "see", "role": "dialog", "name": "Choose a layout"} | {"do": "see", "text": "…"},
//       {"do": "gone", "role": "dialog", "name": "…"},
//       {"do": "status", "matches": "Saved at"},                        (role=status named "Save status")
//       {"do": "options", "listbox": "Screens", "as": "order"},          (names of the listbox's options)
//       {"do": "value", "label": "Course title", "as": "title", "until": "…"},   (until: read once it equals that)
//       {"do": "text", "as": "page"},                                   (the page's visible text)
//       {"do": "axe", "as": "builder"}, {"do": "screenshot", "file": "builder-375.png"},
//       {"do": "save", "api": "http://127.0.0.1:18080", "key": "Bearer …", "courseId": 7,
//        "set": {"title": "…", "description": "…"}, "as": "agent"}]}]}
//       (a concurrent save through the course API: GET …/content, then PUT with its revision in If-Match)
// Each run is one page; a step that fails ends its run with {error, found: an aria snapshot}. Prints
// {"runs": [{name, steps: [{do, ok, ms}], values, calls: [editor API calls], console, error, found}]};
// the exit status is non-zero only when the script itself breaks.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TIMEOUT = 15000;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const exact = (name) => ({ name, exact: true });

/** The first visible element with one of these roles (tried in order) and this exact name. */
async function byRole(page, roles, name) {
  const list = Array.isArray(roles) ? roles : [roles || 'button'];
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    for (const role of list) {
      const first = page.getByRole(role, exact(name)).first();
      if (await first.isVisible().catch(() => false)) return first;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no visible ${list.join(' or ')} named "${name}"`);
}

async function axe(page) {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: (n.html || '').slice(0, 200) })),
    }));
  });
}

/** A concurrent writer: reads the draft with its revision and saves a change over it. */
async function concurrentSave(step) {
  const headers = { Authorization: step.key, Accept: 'application/json' };
  const url = `${step.api}/v1/headless/course/${step.courseId}/content`;
  const read = await fetch(url, { headers });
  const etag = read.headers.get('etag');
  const { document } = await read.json();
  Object.assign(document, step.set || {});
  const saved = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json', 'If-Match': etag },
    body: JSON.stringify({ document }),
  });
  return { read: read.status, etag, status: saved.status, etagAfter: saved.headers.get('etag') };
}

async function step(page, s, seen) {
  switch (s.do) {
    case 'open':
      if (s.viewport) await page.setViewportSize(s.viewport);
      await page.goto(s.url, { waitUntil: 'load' });
      return;
    case 'click':
      await (await byRole(page, s.role, s.name)).click({ timeout: TIMEOUT });
      return;
    case 'fill': {
      const field = page.getByLabel(s.label, { exact: true }).nth(s.nth || 0);
      await field.click({ timeout: TIMEOUT });
      await field.fill(s.value, { timeout: TIMEOUT });
      return;
    }
    case 'check':
      await page.getByLabel(s.label, { exact: true }).nth(s.nth || 0).check({ timeout: TIMEOUT });
      return;
    case 'drop': {
      // A file dragged from the desktop and dropped on the element matching s.css: dragenter,
      // dragover and drop with a DataTransfer holding it, as the browser sends them.
      const target = page.locator(s.css).first();
      await target.waitFor({ state: 'visible', timeout: TIMEOUT });
      const data = await page.evaluateHandle(({ name, type, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type }));
        return transfer;
      }, s.file);
      for (const type of ['dragenter', 'dragover', 'drop']) {
        await target.dispatchEvent(type, { dataTransfer: data });
      }
      return;
    }
    case 'focus':
      await (await byRole(page, s.role, s.name)).focus({ timeout: TIMEOUT });
      return;
    case 'viewport':
      await page.setViewportSize({ width: s.width, height: s.height });
      await page.waitForTimeout(300);
      return;
    case 'press':
      await page.keyboard.press(s.key);
      return;
    case 'see':
      if (s.text) {
        await page.getByText(s.text, { exact: false }).first().waitFor({ state: 'visible', timeout: s.timeout || TIMEOUT });
      } else {
        await page.getByRole(s.role, exact(s.name)).first().waitFor({ state: 'visible', timeout: s.timeout || TIMEOUT });
      }
      return;
    case 'gone':
      await page.getByRole(s.role, exact(s.name)).first().waitFor({ state: 'hidden', timeout: s.timeout || TIMEOUT });
      return;
    case 'status': {
      const status = page.getByRole('status', exact('Save status')).first();
      const pattern = new RegExp(s.matches, 'i');
      const deadline = Date.now() + (s.timeout || TIMEOUT);
      let text = '';
      while (Date.now() < deadline) {
        text = ((await status.textContent({ timeout: 1000 }).catch(() => '')) || '').trim();
        if (pattern.test(text)) {
          seen.values[s.as || 'status'] = text;
          return;
        }
        await page.waitForTimeout(100);
      }
      throw new Error(`save status "${text}" never matched /${s.matches}/`);
    }
    case 'options': {
      const list = page.getByRole('listbox', exact(s.listbox)).first();
      await list.waitFor({ state: 'visible', timeout: TIMEOUT });
      // Accessible names as a screen reader gets them, from the accessibility tree.
      const tree = await list.ariaSnapshot({ timeout: TIMEOUT });
      seen.values[s.as] = [...tree.matchAll(/^\s*- option "((?:[^"\\]|\\.)*)"/gm)].map((m) => m[1].replace(/\\(.)/g, '$1'));
      return;
    }
    case 'value': {
      // With `until`, the value is read once it equals that, or when the time is up (a change that
      // lands after a round trip, such as a newer version loaded on demand); the last value is kept.
      const field = page.getByLabel(s.label, { exact: true }).nth(s.nth || 0);
      const deadline = Date.now() + (s.timeout || TIMEOUT);
      let value = await field.inputValue({ timeout: TIMEOUT });
      while (s.until !== undefined && value !== s.until && Date.now() < deadline) {
        await page.waitForTimeout(100);
        value = await field.inputValue({ timeout: TIMEOUT });
      }
      seen.values[s.as] = value;
      return;
    }
    case 'text':
      seen.values[s.as] = ((await page.locator('body').innerText({ timeout: TIMEOUT })) || '').replace(/\s+/g, ' ').trim();
      return;
    case 'axe':
      seen.values['axe:' + s.as] = await axe(page);
      return;
    case 'screenshot': {
      const file = join(plan.outDir, s.file);
      await page.screenshot({ path: file, fullPage: false });
      seen.values['screenshot:' + s.file] = file;
      seen.values['scrollWidth:' + s.file] = await page.evaluate(() => document.documentElement.scrollWidth);
      return;
    }
    case 'save':
      seen.values[s.as] = await concurrentSave(s);
      return;
    case 'wait':
      await page.waitForTimeout(s.ms);
      return;
    default:
      throw new Error('unknown step ' + s.do);
  }
}

const results = [];
try {
  mkdirSync(plan.outDir, { recursive: true });
  const context = await browser.newContext();
  for (const run of plan.runs) {
    const page = await context.newPage();
    const seen = { name: run.name, steps: [], values: {}, calls: [], console: [] };
    page.on('console', (m) => { if (seen.console.length < 40) seen.console.push(m.type() + ': ' + m.text()); });
    page.on('pageerror', (e) => { if (seen.console.length < 40) seen.console.push('pageerror: ' + e.message); });
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/v1/headless/player/')) return;
      const call = { method: response.request().method(), path: url.pathname, status: response.status(),
        ifMatch: response.request().headers()['if-match'] || null };
      if (url.pathname.endsWith('/sessions') || url.pathname.endsWith('/editor/screen')) {
        call.response = await response.json().catch(() => null);
      }
      seen.calls.push(call);
    });
    for (const s of run.steps) {
      const started = Date.now();
      try {
        await step(page, s, seen);
        seen.steps.push({ do: s.do, name: s.name || s.label || s.text || s.as || s.key, ok: true, ms: Date.now() - started });
      } catch (e) {
        seen.steps.push({ do: s.do, name: s.name || s.label || s.text || s.as || s.key, ok: false, ms: Date.now() - started });
        seen.error = `step ${seen.steps.length} (${JSON.stringify(s).slice(0, 200)}): ${e.message.split('\n')[0]}`;
        seen.found = (await page.locator('body').ariaSnapshot({ timeout: 3000 }).catch((x) => 'no aria snapshot: ' + x.message)).slice(0, 8000);
        break;
      }
    }
    results.push(seen);
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify({ runs: results }));
