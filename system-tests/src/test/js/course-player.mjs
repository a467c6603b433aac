// course-player.mjs: a learner in headless Chromium plays courses and library screens through the
// Course Player (/play/course, and /play/share for share links) and the Standalone Screen Player
// (/play/screen), as CoursePlayerIT and AgentFeaturesIT plan it. Reads a JSON plan on stdin:
//   {"baseUrl": "http://127.0.0.1:18080",
//    "parentOrigin": "http://tenant.localhost:40123",   (served here, on 127.0.0.1 at that port)
//    "outDir": "/abs/path/target/course-player",        (screenshots)
//    "launches": [{"name": "walk", "url": "<embed URL>",
//                  "framed": true,             (in the tenant's page, which records postMessage events)
//                  "answers": ["Eighteen"],    (answer texts to pick whenever they are on screen)
//                  "walk": true,               (press on to the end: start, check, next, finish)
//                  "axe": true,                (axe-core on the player's document once it is ready)
//                  "axeAt": "Par",             (run axe on the first screen showing this text instead)
//                  "viewport": {"width": 375, "height": 667}, "screenshot": "player-375.png",
//                  "slowProgress": 1500,       (hold the page's first progress write this many ms, as a
//                                               slow network would, so later ones could overtake it)
//                  "refused": false},          (expect a refusal: only capture what the page says)
//                 ...]}
// Launches run in order in one browser context, each in its own page that is closed at the end.
//
// The pages' DOM is not fixed by the contract, so the learner goes by accessible roles and names
// only, and says what it looked for and what it found:
//   - the player is ready: the "ready" event (framed launches), else a visible heading;
//   - an answer: role radio, then checkbox, then button, then a label, whose name contains the text;
//   - buttons, in this order, each pressed at most once per screen state:
//     /start/i, /check|submit/i, /next|continue/i, /finish|complete|done|see (the |my )?results/i;
//   - the screen: the texts of role heading; the walk ends when no such button is left.
// A step that fails records {error, found: the aria snapshot of the player's body} and the launch
// goes on to the next; the exit status is non-zero only when the script itself breaks.
// Prints {"launches": [{name, url, framed, ready, messages, screens, answered, pressed, headings,
//   text, progress: [player API calls], axe: {violations}, scroll, screenshot, error, found}]}.
import { createServer } from 'node:http';
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
const PLAYER = new RegExp('^' + plan.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '/play/(course|screen|share)');
const BUTTONS = [/start/i, /check|submit/i, /next|continue/i, /finish|complete|done|see (the |my )?results/i];
const REFUSAL = /used|expired|invalid|not valid|no longer|tamper|refused|cannot be opened|can't be opened/i;

// The tenant's page: frames the URL in ?src= and records the messages it receives.
const tenantPage = (src) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tenant LMS</title>
<script>
window.received = [];
window.addEventListener('message', function (e) { window.received.push({ origin: e.origin, data: e.data, at: Date.now() }); });
</script></head><body><h1>Tenant LMS</h1>
<iframe id="player" title="Course" style="width:100%;height:700px;border:0" src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"></iframe>
</body></html>`;
const servers = [];
const port = Number(new URL(plan.parentOrigin).port);
for (const host of ['127.0.0.1', '::1']) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://tenant');
    if (url.pathname !== '/lesson') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(tenantPage(url.searchParams.get('src') || ''));
  });
  await new Promise((resolve) => {
    server.once('error', () => resolve()); // no IPv6 loopback: 127.0.0.1 is enough
    server.listen(port, host, () => { servers.push(server); resolve(); });
  });
}
if (servers.length === 0) {
  throw new Error('cannot listen on port ' + port + ' for the tenant page');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  // The machine's network is closed: background connections only fail, so they are turned off.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const playerFrame = (page) => page.frames().find((f) => PLAYER.test(f.url())) || null;

/** What a person sees in the player: headings and the body's text. */
async function look(frame) {
  const root = frame.locator('body');
  const headings = [];
  for (const heading of await frame.getByRole('heading').all()) {
    if (await heading.isVisible().catch(() => false)) {
      headings.push(((await heading.textContent().catch(() => '')) || '').trim());
    }
  }
  const text = ((await root.innerText({ timeout: 2000 }).catch(() => '')) || '').replace(/\s+/g, ' ').trim();
  return { headings, text: text.slice(0, 3000) };
}

async function snapshot(frame) {
  if (!frame) {
    return null;
  }
  return (await frame.locator('body').ariaSnapshot({ timeout: 3000 }).catch((e) => 'no aria snapshot: ' + e.message)).slice(0, 6000);
}

/**
 * Picks the answer with this text: a radio, a checkbox, a button or a labelled control. Where
 * several questions on the screen offer it, every one that is not picked yet is (the first of them
 * otherwise).
 */
async function answer(frame, text) {
  const name = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  for (const [how, locator] of [['radio', frame.getByRole('radio', { name })], ['checkbox', frame.getByRole('checkbox', { name })],
    ['button', frame.getByRole('button', { name })], ['label', frame.getByLabel(name)]]) {
    if (how === 'radio' || how === 'checkbox') {
      const open = [];
      for (const control of await locator.all()) {
        if (await control.isVisible().catch(() => false) && await control.isEnabled().catch(() => false)
            && !(await control.isChecked().catch(() => true))) {
          open.push(control);
        }
      }
      if (open.length > 1) {
        for (const control of open) {
          await control.check({ timeout: 5000 }).catch(() => control.click({ timeout: 5000 }));
        }
        return how;
      }
    }
    const first = locator.first();
    if (await first.isVisible().catch(() => false)) {
      if (how === 'radio' || how === 'checkbox' || how === 'label') {
        if (!(await first.isChecked().catch(() => false))) {
          await first.check({ timeout: 5000 }).catch(() => first.click({ timeout: 5000 }));
        }
      } else {
        await first.click({ timeout: 5000 });
      }
      return how;
    }
  }
  return null;
}

/** The first visible, enabled button (or link) whose name matches one of BUTTONS, in that order. */
async function nextButton(frame, pressedHere) {
  for (const pattern of BUTTONS) {
    for (const role of ['button', 'link']) {
      for (const candidate of await frame.getByRole(role, { name: pattern }).all()) {
        if (!(await candidate.isVisible().catch(() => false)) || !(await candidate.isEnabled().catch(() => false))) {
          continue;
        }
        const name = ((await candidate.getAttribute('aria-label').catch(() => null)) || (await candidate.innerText().catch(() => '')) || '').trim();
        if (/back|previous|try again|restart/i.test(name) || pressedHere.has(name)) {
          continue;
        }
        return { candidate, name };
      }
    }
  }
  return null;
}

const stateOf = (seen) => seen.headings.join(' | ') + ' || ' + seen.text.slice(0, 400);

/** Until the player's document shows something other than {@code before} (or the time is up). */
async function changed(frame, before, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await frame.page().waitForTimeout(150);
    if (stateOf(await look(frame)) !== before) {
      return true;
    }
  }
  return false;
}

async function messages(page) {
  return page.evaluate(() => window.received || []).catch(() => []);
}

async function waitForMessage(page, type, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await messages(page)).some((m) => m.data && m.data.type === type)) {
      return true;
    }
    await page.waitForTimeout(150);
  }
  return false;
}

async function axe(frame) {
  await frame.evaluate(AXE);
  return frame.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: (n.html || '').slice(0, 200) })),
    }));
  });
}

const results = [];
try {
  const context = await browser.newContext();
  mkdirSync(plan.outDir, { recursive: true });
  for (const launch of plan.launches) {
    const page = await context.newPage();
    if (launch.viewport) {
      await page.setViewportSize(launch.viewport);
    }
    const seen = { name: launch.name, framed: !!launch.framed, screens: [], answered: [], pressed: [], progress: [], console: [] };
    const pending = new Set();
    page.on('console', (message) => { if (seen.console.length < 30) { seen.console.push(message.type() + ': ' + message.text()); } });
    page.on('pageerror', (error) => { if (seen.console.length < 30) { seen.console.push('pageerror: ' + error.message); } });
    page.on('request', (request) => { if (request.url().includes('/v1/headless/player/')) { pending.add(request); } });
    page.on('requestfailed', (request) => {
      pending.delete(request);
      if (request.url().includes('/v1/headless/player/')) {
        seen.progress.push({ method: request.method(), path: new URL(request.url()).pathname, failed: request.failure()?.errorText });
      }
    });
    page.on('requestfinished', async (request) => {
      pending.delete(request);
      if (!request.url().includes('/v1/headless/player/')) {
        return;
      }
      const response = await request.response().catch(() => null);
      const call = { method: request.method(), path: new URL(request.url()).pathname, status: response ? response.status() : null };
      if (call.path.endsWith('/progress') || call.path.endsWith('/quiz')) {
        call.request = request.postDataJSON();
        call.response = response ? await response.json().catch(() => null) : null;
      } else if ((call.path.endsWith('/sessions') || call.path.endsWith('/share-sessions')) && response) {
        // A share link's exchange answers {learner, session}; keep the learner id and the session's summary.
        const answer = await response.json().catch(() => null);
        const body = answer && typeof answer.session === 'object' && answer.session !== null ? answer.session : answer;
        call.response = body ? { mode: body.mode, kind: body.kind, progress: body.progress, theme: body.theme, reason: body.error?.reason ?? answer.error?.reason } : null;
        if (call.response && answer.learner) {
          call.response.learner = answer.learner;
        }
      }
      seen.progress.push(call);
    });
    if (launch.slowProgress) {
      let held = false;
      await page.route((url) => url.pathname.includes('/v1/headless/player/') && url.pathname.endsWith('/progress'), async (route) => {
        if (!held && route.request().method() === 'POST') {
          held = true;
          await new Promise((resolve) => setTimeout(resolve, launch.slowProgress));
        }
        await route.continue();
      });
    }
    let frame = null;
    try {
      if (launch.framed) {
        await page.goto(plan.parentOrigin + '/lesson?src=' + encodeURIComponent(launch.url), { waitUntil: 'load', timeout: 30000 });
      } else {
        await page.goto(launch.url, { waitUntil: 'load', timeout: 30000 });
      }
      frame = launch.framed ? playerFrame(page) : page.mainFrame();
      seen.url = frame ? frame.url() : null;
      if (launch.refused) {
        // The page says why it cannot open the URL: wait for words that say so, or a role alert.
        const deadline = Date.now() + 15000;
        let said = await look(frame);
        while (Date.now() < deadline && !REFUSAL.test(said.text)) {
          await page.waitForTimeout(200);
          said = await look(frame);
        }
        seen.headings = said.headings;
        seen.text = said.text;
        seen.alert = await frame.getByRole('alert').allInnerTexts().catch(() => []);
        seen.url = frame.url();
        if (!REFUSAL.test(said.text)) {
          seen.error = 'no page text matching ' + REFUSAL + ' within 15 s';
          seen.found = await snapshot(frame);
        }
        continue;
      }
      if (launch.framed) {
        seen.ready = await waitForMessage(page, 'ready', 30000);
      }
      await frame.getByRole('heading').first().waitFor({ state: 'visible', timeout: launch.framed && seen.ready ? 5000 : 30000 })
        .catch(() => { throw new Error('no visible role heading in the player within 30 s'); });
      const first = await look(frame);
      seen.headings = first.headings;
      seen.text = first.text;
      if (launch.viewport) {
        seen.scroll = await frame.evaluate(() => ({
          scrollWidth: document.scrollingElement.scrollWidth,
          clientWidth: document.scrollingElement.clientWidth,
          innerWidth: window.innerWidth,
        }));
      }
      if (launch.screenshot) {
        seen.screenshot = join(plan.outDir, launch.screenshot);
        await page.screenshot({ path: seen.screenshot, fullPage: true });
      }
      if (launch.axe && !launch.axeAt) {
        seen.axe = { at: first.headings, violations: await axe(frame) };
      }
      if (launch.walk) {
        let pressedHere = new Set();
        let state = null;
        for (let step = 0; step < 30; step++) {
          const now = await look(frame);
          if (stateOf(now) !== state) {
            state = stateOf(now);
            pressedHere = new Set();
            seen.screens.push(now);
            if (launch.axe && launch.axeAt && !seen.axe && now.text.includes(launch.axeAt)) {
              seen.axe = { at: now.headings, violations: await axe(frame) };
            }
          }
          for (const text of launch.answers || []) {
            // Once per screen (its headings): pressing an answer button twice could take it back.
            const screen = now.headings.join(' | ');
            if (!seen.answered.some((a) => a.text === text && a.screen === screen)) {
              const how = await answer(frame, text);
              if (how) {
                seen.answered.push({ text, how, screen });
              }
            }
          }
          const next = await nextButton(frame, pressedHere);
          if (!next) {
            break;
          }
          pressedHere.add(next.name);
          seen.pressed.push(next.name);
          await next.candidate.click({ timeout: 5000 });
          await changed(frame, state, 3000);
        }
        if (launch.answers && launch.answers.length && seen.answered.length === 0) {
          seen.error = 'none of the answers ' + JSON.stringify(launch.answers) + ' was found as a radio, checkbox, button or label';
          seen.found = await snapshot(frame);
        }
        const end = await look(frame);
        seen.end = end;
        if (launch.axe && !seen.axe) {
          // The text to run axe at never showed: run it at the end and say so.
          seen.axe = { at: end.headings, axeAtNotFound: launch.axeAt, violations: await axe(frame) };
        }
        if (launch.framed && frame.url().includes('/play/course')) {
          await waitForMessage(page, 'course:completed', 5000);
        }
      }
      // What the player still sends (progress, quiz) reaches the service before the page closes.
      const deadline = Date.now() + 10000;
      await page.waitForTimeout(300);
      while (pending.size > 0 && Date.now() < deadline) {
        await page.waitForTimeout(100);
      }
    } catch (e) {
      seen.error = e.message.split('\n')[0];
      seen.found = await snapshot(frame || playerFrame(page) || page.mainFrame());
    } finally {
      if (launch.framed) {
        seen.messages = (await messages(page)).map((m) => ({ origin: m.origin, data: m.data }));
      }
      await page.close({ runBeforeUnload: true }).catch(() => {});
      results.push(seen);
    }
  }
  await context.close();
  process.stdout.write(JSON.stringify({ launches: results }) + '\n');
} finally {
  await browser.close();
  for (const server of servers) {
    server.close();
  }
}
