// bench/builder-load.mjs: the course builder in headless Chromium (run by bench/builder.sh from
// system-tests/target/browser, where playwright-core is installed). Reads {"baseUrl", "urls": [edit
// URLs], "warmup": N, "keystrokes": K} on stdin. Each URL is loaded once in a fresh browser context
// (empty cache): first load = from navigation start to the screen list ("Screens" listbox) being
// visible (and the page's first contentful paint), with the bytes of every response from baseUrl until then (request.sizes(): encoded body
// + headers); the canvas's first paint = page clock from navigation start to the frame after the selected
// screen's canvas (its "Screen title" textbox) is visible. Then K times: one keystroke in "Course title", and the time until the autosave's PUT
// is answered 200 and until the save status says "Saved at" (the autosave waits 800 ms of quiet
// first, by design), and the PUT's own round trip. Prints one JSON line per run and then medians.
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? null : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const runs = [];
try {
  for (const [i, url] of plan.urls.entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const requests = [];
    page.on('request', (request) => { if (request.url().startsWith(plan.baseUrl)) requests.push({ request, at: Date.now() }); });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByRole('listbox', { name: 'Screens', exact: true }).waitFor({ state: 'visible', timeout: 30000 });
    const loadedAt = Date.now();
    const msToEditor = Math.round(await page.evaluate(() => performance.now()));
    // The canvas: the selected screen drawn as the learner sees it, its title editable in place;
    // painted = two animation frames after it is visible (the frame that shows it has been drawn).
    await page.getByRole('textbox', { name: 'Screen title', exact: true }).first().waitFor({ state: 'visible', timeout: 30000 });
    const msToCanvasPainted = Math.round(await page.evaluate(() => new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))));
    const fcp = await page.evaluate(() => {
      const entry = performance.getEntriesByName('first-contentful-paint')[0];
      return entry ? Math.round(entry.startTime) : null;
    });
    await page.waitForTimeout(500);
    let bytes = 0;
    let count = 0;
    for (const { request, at } of requests) {
      if (at <= loadedAt) {
        const sizes = await request.sizes().catch(() => null);
        if (sizes) { bytes += sizes.responseBodySize + sizes.responseHeadersSize; count++; }
      }
    }
    const title = page.getByLabel('Course title', { exact: true });
    const status = page.getByRole('status', { name: 'Save status', exact: true });
    const saves = [];
    for (let k = 0; k < (plan.keystrokes || 5); k++) {
      await title.focus();
      await title.press('End');
      const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/editor/course/content'), { timeout: 30000 });
      const t0 = Date.now();
      await page.keyboard.type(String(k % 10));
      const response = await put;
      const tPut = Date.now();
      const timing = response.request().timing();
      await page.waitForFunction((el) => /^Saved at/.test((el.textContent || '').trim()), await status.elementHandle(), { timeout: 30000 });
      const tSaved = Date.now();
      saves.push({ status: response.status(), msToPutAnswered: tPut - t0, msToSavedShown: tSaved - t0,
        putRoundTripMs: Math.round(timing.responseEnd > 0 ? timing.responseEnd - timing.requestStart : -1) });
      await page.waitForTimeout(300);
    }
    await context.close();
    const run = { run: i + 1, warmup: i < (plan.warmup || 0), msToEditor: Math.round(loadedAt - started), msToEditorPageClock: msToEditor, msFirstContentfulPaint: fcp,
      msToCanvasPainted,
      bytes, requests: count, saves };
    runs.push(run);
    process.stdout.write(JSON.stringify(run) + '\n');
  }
  const measured = runs.filter((r) => !r.warmup);
  const allSaves = measured.flatMap((r) => r.saves);
  process.stdout.write(JSON.stringify({
    runs: measured.length,
    medianMsToEditor: median(measured.map((r) => r.msToEditor)),
    medianMsFirstContentfulPaint: median(measured.map((r) => r.msFirstContentfulPaint).filter((v) => v !== null)),
    medianMsToCanvasPainted: median(measured.map((r) => r.msToCanvasPainted)),
    medianBytes: median(measured.map((r) => r.bytes)),
    medianRequests: median(measured.map((r) => r.requests)),
    keystrokes: allSaves.length,
    failedSaves: allSaves.filter((s) => s.status !== 200).length,
    medianMsKeystrokeToPutAnswered: median(allSaves.map((s) => s.msToPutAnswered)),
    medianMsKeystrokeToSavedShown: median(allSaves.map((s) => s.msToSavedShown)),
    medianPutRoundTripMs: median(allSaves.map((s) => s.putRoundTripMs)),
  }) + '\n');
} finally {
  await browser.close();
}
