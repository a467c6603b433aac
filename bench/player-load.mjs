// bench/player-load.mjs: the Course Player's first load in headless Chromium (run by bench/player.sh
// from system-tests/target/browser, where playwright-core is installed).
// Reads {"baseUrl", "parentOrigin" (http://tenant.localhost:PORT, served here on 127.0.0.1),
// "urls": [view URLs issued with that parentOrigin], "warmup": N} on stdin. Each URL is loaded once,
// in a fresh browser context (empty cache), framed by a blank tenant page: the clock starts when the
// tenant page inserts the iframe and stops when the player's "ready" event reaches the tenant page.
// Bytes: every response from baseUrl to requests started before "ready", as Chromium received them
// (playwright request.sizes(): encoded body + headers), and, as a cross-check, the player document's
// own Performance API (navigation + resource transferSize, everything up to 1 s after "ready"). Prints one JSON line per run and then the medians.
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));
const port = Number(new URL(plan.parentOrigin).port);
const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Tenant</title><script>
window.addEventListener('message', function (e) {
  if (e.data && e.data.type === 'ready' && !window.tReady) { window.tReady = performance.now(); window.__ready(); }
});
window.load = function (src) {
  var frame = document.createElement('iframe');
  frame.title = 'Course'; frame.style.cssText = 'width:100%;height:700px;border:0';
  window.t0 = performance.now(); frame.src = src; document.body.appendChild(frame);
};
</script></head><body></body></html>`);
});
await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const runs = [];
try {
  for (const [i, url] of plan.urls.entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = [];
    let readyAt = null;
    await page.exposeBinding('__ready', () => { readyAt = Date.now(); });
    page.on('request', (request) => {
      if (request.url().startsWith(plan.baseUrl)) {
        requests.push({ request, at: Date.now() });
      }
    });
    await page.goto(plan.parentOrigin + '/', { waitUntil: 'load' });
    await page.evaluate((src) => window.load(src), url);
    const deadline = Date.now() + 30000;
    while (readyAt === null && Date.now() < deadline) {
      await page.waitForTimeout(20);
    }
    if (readyAt === null) {
      throw new Error('no ready event within 30 s from ' + url.replace(/#.*/, '#token=...'));
    }
    const ms = await page.evaluate(() => window.tReady - window.t0);
    await page.waitForTimeout(1000); // responses of requests started before ready finish
    let bytes = 0;
    let count = 0;
    for (const { request, at } of requests) {
      if (at <= readyAt) {
        const sizes = await request.sizes().catch(() => null);
        if (sizes) {
          bytes += sizes.responseBodySize + sizes.responseHeadersSize;
          count++;
        }
      }
    }
    const player = page.frames().find((f) => f.url().startsWith(plan.baseUrl + '/play/'));
    const perf = player ? await player.evaluate(() => performance.getEntriesByType('navigation')
      .concat(performance.getEntriesByType('resource')).reduce((sum, e) => sum + (e.transferSize || 0), 0)) : null;
    await context.close();
    const run = { run: i + 1, warmup: i < (plan.warmup || 0), msToReady: Math.round(ms), bytes, requests: count, performanceApiBytes: perf };
    runs.push(run);
    process.stdout.write(JSON.stringify(run) + '\n');
  }
  const measured = runs.filter((r) => !r.warmup);
  process.stdout.write(JSON.stringify({
    runs: measured.length,
    medianMsToReady: median(measured.map((r) => r.msToReady)),
    medianBytes: median(measured.map((r) => r.bytes)),
    medianRequests: median(measured.map((r) => r.requests)),
    medianPerformanceApiBytes: measured.every((r) => r.performanceApiBytes !== null) ? median(measured.map((r) => r.performanceApiBytes)) : null,
  }) + '\n');
} finally {
  await browser.close();
  server.close();
}
