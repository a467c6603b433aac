// scorm-player.mjs: plays a hosted SCORM package in headless Chromium, as a learner would.
// Reads a JSON plan on stdin:
//   {"apiOrigin": "http://127.0.0.1:18080", "tenantPage": "http://tenant.localhost:40123/lesson?src=",
//    "launches": [{"url": "<embed URL>", "actions": ["page3"], "framed": true, "keyboard": false,
//                  "viewport": {"width": 375, "height": 667}, "refused": false}, ...]}
// (framed launches only for launches that are not refused.)
// For each launch: opens the URL (top level, or framed by the tenant's page, which ScormIT serves on
// loopback and which records the postMessage events it receives in window.received), waits until the
// SCO shows what the runtime gave it, records it, presses the given buttons inside the SCO frame
// (with the mouse, or with Tab and Enter), waits for each to be saved, then closes the page so the
// SCO unloads and finishes. A launch marked refused expects the launch page's alert instead.
// Finally it looks at the API origin: the cookies and storage the package planted must not be there.
// Prints {"launches": [...], "apiOrigin": {...}, "cookies": {...}}.
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));

const PLAYER = /\/scorm\/s\/[0-9a-f]{64}\/player$/;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  // The machine's network is closed: background connections only fail, so they are turned off.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = [];
const origins = {};
try {
  const context = await browser.newContext();
  for (const launch of plan.launches) {
    const page = await context.newPage();
    if (launch.viewport) {
      await page.setViewportSize(launch.viewport);
    }
    const console = [];
    const headers = {};
    page.on('console', (message) => console.push(message.text()));
    page.on('response', (response) => {
      const url = response.url();
      if (PLAYER.test(url)) {
        headers.player = response.headers();
      } else if (/\/scorm\/launch$/.test(url) && response.request().method() === 'GET') {
        headers.launch = response.headers();
      }
    });
    if (launch.framed) {
      await page.goto(plan.tenantPage + encodeURIComponent(launch.url), { waitUntil: 'load', timeout: 30000 });
    } else {
      await page.goto(launch.url, { waitUntil: 'load', timeout: 30000 });
    }
    const top = launch.framed ? page.frameLocator('#player') : page;
    const seen = { framed: !!launch.framed };
    if (launch.refused) {
      const alert = top.locator('#launch-problem');
      await alert.waitFor({ state: 'visible', timeout: 30000 });
      seen.problem = (await alert.textContent()) ?? '';
      seen.url = page.url();
      seen.headers = headers;
      seen.console = console.slice(0, 20);
      await page.close();
      results.push(seen);
      continue;
    }
    const frame = top.frameLocator('#sco-frame');
    await frame.locator('#ready').waitFor({ state: 'attached', timeout: 30000 });
    const read = async (id) => (await frame.locator('#' + id).textContent()) ?? '';
    const playerFrame = page.frames().find((f) => PLAYER.test(f.url()));
    seen.url = page.url();
    seen.playerUrl = playerFrame ? playerFrame.url() : null;
    seen.scoOrigin = await read('origin');
    seen.api = await read('api');
    seen.entry = await read('entry');
    seen.location = await read('location');
    seen.suspend = await read('suspend');
    seen.status = await read('status');
    seen.planted = await read('planted');
    if (launch.viewport) {
      const box = await top.locator('#sco-frame').boundingBox();
      seen.frameWidth = box ? box.width : 0;
      seen.scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    for (const action of launch.actions || []) {
      const button = frame.locator('#' + action);
      if (launch.keyboard) {
        // Reach the SCO's button from the player page with Tab alone, then press it with Enter.
        let focused = false;
        for (let i = 0; i < 12 && !focused; i++) {
          await page.keyboard.press('Tab');
          focused = await button.evaluate((el) => el.ownerDocument.hasFocus() && el.ownerDocument.activeElement === el);
        }
        seen.reachedByKeyboard = focused;
        await page.keyboard.press('Enter');
      } else {
        await button.click();
      }
      await frame.locator('#saved').filter({ hasText: action }).waitFor({ timeout: 15000 });
    }
    seen.saved = await read('saved');
    if (launch.framed) {
      // Events the player posted to the tenant page (given a little time to arrive).
      await page.waitForTimeout(500);
      seen.messages = await page.evaluate(() => window.received);
    }
    seen.headers = headers;
    seen.console = console.slice(0, 20);
    if (seen.playerUrl) {
      origins[new URL(seen.playerUrl).origin] = true;
    }
    await page.close({ runBeforeUnload: true });
    results.push(seen);
  }

  // The API origin: whatever the packages planted on their own origins is not here.
  const api = await context.newPage();
  await api.goto(plan.apiOrigin + '/no-such-path', { waitUntil: 'load', timeout: 30000 });
  const apiOrigin = await api.evaluate(() => ({
    origin: window.location.origin,
    cookie: document.cookie,
    storage: window.localStorage.length,
    pkg: window.localStorage.getItem('pkg'),
  }));
  await api.close();
  const cookies = { api: await context.cookies(plan.apiOrigin), content: {} };
  for (const origin of Object.keys(origins)) {
    cookies.content[origin] = await context.cookies(origin);
  }
  await context.close();
  process.stdout.write(JSON.stringify({ launches: results, apiOrigin, cookies }) + '\n');
} finally {
  await browser.close();
}
