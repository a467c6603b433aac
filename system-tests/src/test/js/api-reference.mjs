// api-reference.mjs: a tenant developer opens the rendered API reference (<base>/docs) in headless
// Chromium, as ApiReferenceIT plans it. Reads a JSON plan on stdin:
//   {"baseUrl": "http://127.0.0.1:18080",
//    "authorization": "SERVICE:1:cp_live_…",      (typed into the reference's Authentication)
//    "outDir": "/abs/path/target/api-reference",  (screenshots)
//    "widths": [1280, 375]}
// For each width, in a fresh browser context: opens <base>/docs (without the trailing slash, as a
// person types it), waits for the heading, runs axe-core (WCAG 2.1 A and AA), moves the focus with
// Tab and records what it lands on, and measures horizontal overflow. At the first width it then
// opens GET /api/v1/members, presses "Test Request", types the key into the request's
// authentication value, runs axe on the open request editor, presses Send and records the answer.
// Every request to another origin is refused and recorded: the reference must work without network.
// Prints {"views": [{width, title, axe: {violations}, focus: [...], scrollWidth, innerWidth,
//   external: [...], errors: [...], screenshot}], "tryIt": {status, authorization, url, axe}}.
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
const ORIGIN = new URL(plan.baseUrl).origin;
mkdirSync(plan.outDir, { recursive: true });

// axe through the DevTools protocol, not a script tag: the page's policy allows only its own scripts.
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.evaluate(AXE);
  }
  const result = await page.evaluate(async () => await window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }));
  return {
    violations: result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 300) })),
    })),
  };
}

async function open(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const view = { width, external: [], errors: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin !== ORIGIN && !url.startsWith('data:') && !url.startsWith('blob:')) {
      view.external.push(url);
      return route.abort();
    }
    return route.continue();
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => view.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') view.errors.push(m.text()); });
  return { context, page, view };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const report = { views: [], tryIt: null };
try {
  for (const width of plan.widths) {
    const { context, page, view } = await open(browser, width);
    await page.goto(plan.baseUrl + '/docs', { waitUntil: 'load' });
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor({ timeout: 60000 });
    view.title = (await heading.textContent()).trim();
    await page.waitForTimeout(1500);
    view.axe = await axe(page);
    view.focus = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      view.focus.push(await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const box = el.getBoundingClientRect();
        return {
          tag: el.tagName.toLowerCase(),
          name: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 60),
          visible: box.width > 0 && box.height > 0,
        };
      }));
    }
    view.scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    view.innerWidth = await page.evaluate(() => window.innerWidth);
    view.screenshot = join(plan.outDir, `docs-${width}.png`);
    await page.screenshot({ path: view.screenshot });

    if (report.tryIt === null) {
      const tryIt = {};
      await page.goto(plan.baseUrl + '/docs/#tag/members/GET/api/v1/members', { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60000 });
      await page.waitForTimeout(1500);
      let pressed = false;
      for (const button of await page.getByRole('button', { name: /test request/i }).all()) {
        if (await button.isVisible()) {
          await button.click();
          pressed = true;
          break;
        }
      }
      tryIt.pressed = pressed;
      const editor = page.getByRole('dialog');
      await editor.getByRole('textbox', { name: 'Value' }).first().click();
      await page.keyboard.type(plan.authorization);
      tryIt.axe = await axe(page);
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/members', { timeout: 30000 });
      await editor.getByRole('button', { name: /^Send/ }).first().click();
      const response = await answer;
      tryIt.url = response.request().url();
      tryIt.authorization = response.request().headers().authorization || null;
      tryIt.status = response.status();
      await page.waitForTimeout(500);
      tryIt.screenshot = join(plan.outDir, 'try-it.png');
      await page.screenshot({ path: tryIt.screenshot });
      report.tryIt = tryIt;
    }
    report.views.push(view);
    await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report) + '\n');
