// scorm-player.mjs: plays a hosted SCORM package in headless Chromium, as a learner would.
// Reads a JSON plan on stdin: {"launches": ["<view URL>", ...], "actions": [["page3"], [], ["complete"]]}.
// For each launch: opens the URL, waits until the SCO shows what the runtime gave it, records it,
// clicks the given buttons inside the SCO frame (waiting for each to be saved), then closes the
// page so the SCO unloads and finishes. Prints {"launches": [{api, entry, location, suspend, status}]}.
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  // The machine's network is closed: background connections only fail, so they are turned off.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = [];
try {
  const context = await browser.newContext();
  for (let i = 0; i < plan.launches.length; i++) {
    const page = await context.newPage();
    const console = [];
    page.on('console', (message) => console.push(message.text()));
    await page.goto(plan.launches[i], { waitUntil: 'load', timeout: 30000 });
    const frame = page.frameLocator('#sco-frame');
    await frame.locator('#ready').waitFor({ state: 'attached', timeout: 30000 });
    const read = async (id) => (await frame.locator('#' + id).textContent()) ?? '';
    const seen = {
      url: page.url(),
      api: await read('api'),
      entry: await read('entry'),
      location: await read('location'),
      suspend: await read('suspend'),
      status: await read('status'),
    };
    for (const action of plan.actions[i] || []) {
      await frame.locator('#' + action).click();
      await frame.locator('#saved').filter({ hasText: action }).waitFor({ timeout: 15000 });
    }
    seen.saved = await read('saved');
    seen.console = console.slice(0, 20);
    await page.close({ runBeforeUnload: true });
    results.push(seen);
  }
  await context.close();
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify({ launches: results }) + '\n');
