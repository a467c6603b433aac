// scorm-export.mjs: a learner in headless Chromium plays courses exported as SCORM and uploaded to
// this platform's own hosted SCORM, as ScormExportIT plans it: the hosted player (scorm-again, the
// LMS side) frames the exported SCO, which shows the course player (the static package's own copy,
// or the live course framed by the dynamic launcher). Reads a JSON plan on stdin:
//   {"launches": [{"name": "first", "url": "<hosted SCORM embed URL>",
//                  "steps": ["next", "answer:Eighteen holes", "check", "end"]}, ...]}
// Steps: "next" presses Next once; "answer:<text>" picks that answer; "check" presses Check;
// "end" presses Next until the last screen. After the steps the script waits for the SCO to commit,
// reads what the LMS side holds (scorm-again's cmi in the hosted player page), closes the page
// (the SCO terminates) and goes on. Prints {"launches": [{name, shownAt, shownAfter, text, lms,
// frames, console, error}]}; the exit status is non-zero only when the script itself breaks.
// A launch with "offline": true plays with the platform's course pages and files out of reach: every
// request to the API origin (the embed URL's origin) under /play/ or /v1/headless/player is aborted
// and named in its "blocked", so a package that still needs the platform shows it. "images" lists
// the course frame's pictures after the steps ({src, alt, naturalWidth}), "imagesAtStart" those of
// the first screen shown; "lms" carries the
// interactions and objectives the SCO recorded.
import { chromium } from 'playwright-core';

const plan = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));

const HOSTED_PLAYER = /\/scorm\/s\/[0-9a-f]{64}\/player$/;
const POSITION = /Screen (\d+) of (\d+)/;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  // The machine's network is closed: background connections only fail, so they are turned off.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** The frame that shows the course player: the one whose text says "Screen n of m". */
async function courseFrame(page, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      const progress = frame.locator('.progress-text');
      if (await progress.first().isVisible().catch(() => false)) {
        return frame;
      }
    }
    await page.waitForTimeout(200);
  }
  return null;
}

async function position(frame) {
  // The first part of the progress line: "Screen 2 of 4" (the percentage follows in its own span).
  const text = (await frame.locator('.progress-text > span').first().textContent().catch(() => '')) || '';
  const match = POSITION.exec(text);
  return match ? { index: Number(match[1]), of: Number(match[2]) } : null;
}

/** The pictures the course frame shows: the URL it loaded (srcset's choice) and whether it decoded. */
async function images(frame) {
  return frame.locator('img').evaluateAll((imgs) => Promise.all(imgs.map(async (i) => {
    await i.decode().catch(() => {});
    return { src: i.currentSrc || i.src, alt: i.getAttribute('alt'), naturalWidth: i.naturalWidth };
  }))).catch(() => []);
}

/** What the LMS side (scorm-again in the hosted player page) holds for the SCO. */
async function lms(page) {
  const player = page.frames().find((f) => HOSTED_PLAYER.test(f.url()));
  if (!player) {
    return null;
  }
  return player.evaluate(() => {
    // scorm-again's lists keep their records in childArray; each record serialises to plain JSON.
    const records = (list) => Array.from((list && list.childArray) || []).map((r) => JSON.parse(JSON.stringify(r)));
    if (window.API && window.API.cmi) {
      const c = window.API.cmi;
      return { version: '1.2', status: c.core.lesson_status, score: c.core.score.raw, min: c.core.score.min,
        max: c.core.score.max, location: c.core.lesson_location, suspend: c.suspend_data,
        learner: c.core.student_id, totalTime: c.core.total_time,
        interactions: records(c.interactions), objectives: records(c.objectives) };
    }
    if (window.API_1484_11 && window.API_1484_11.cmi) {
      const c = window.API_1484_11.cmi;
      return { version: '2004', completion: c.completion_status, success: c.success_status, score: c.score.raw,
        scaled: c.score.scaled, location: c.location, suspend: c.suspend_data,
        learner: c.learner_id, totalTime: c.total_time,
        interactions: records(c.interactions), objectives: records(c.objectives) };
    }
    return { api: 'missing' };
  }).catch((e) => ({ error: e.message }));
}

const results = [];
try {
  const context = await browser.newContext();
  for (const launch of plan.launches) {
    const page = await context.newPage();
    const console = [];
    page.on('console', (message) => console.push(message.text()));
    const seen = { name: launch.name };
    if (launch.offline) {
      const platform = new URL(launch.url).origin;
      seen.blocked = [];
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.origin === platform && (url.pathname.startsWith('/play/') || url.pathname.startsWith('/v1/headless/player'))) {
          seen.blocked.push(url.pathname);
          return route.abort('internetdisconnected');
        }
        return route.continue();
      });
    }
    try {
      await page.goto(launch.url, { waitUntil: 'load', timeout: 30000 });
      let frame = await courseFrame(page, 30000);
      if (!frame) {
        throw new Error('no course player appeared');
      }
      seen.shownAt = await position(frame);
      await frame.waitForLoadState('load').catch(() => {});
      seen.imagesAtStart = await images(frame);
      for (const step of launch.steps || []) {
        if (step === 'next') {
          const before = await position(frame);
          await frame.getByRole('button', { name: /^Next/ }).click({ timeout: 10000 });
          await frame.locator('.progress-text').filter({ hasText: `Screen ${before.index + 1} of` }).waitFor({ timeout: 10000 });
        } else if (step === 'end') {
          for (let i = 0; i < 100; i++) {
            const at = await position(frame);
            if (!at || at.index >= at.of) {
              break;
            }
            await frame.getByRole('button', { name: /^Next/ }).click({ timeout: 10000 });
            await frame.locator('.progress-text').filter({ hasText: `Screen ${at.index + 1} of` }).waitFor({ timeout: 10000 });
          }
        } else if (step.startsWith('answer:')) {
          const text = step.substring('answer:'.length);
          const name = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
          const radio = frame.getByRole('radio', { name }).first();
          if (await radio.isVisible().catch(() => false)) {
            await radio.check({ timeout: 5000 });
          } else {
            await frame.getByRole('checkbox', { name }).first().check({ timeout: 5000 });
          }
        } else if (step === 'check') {
          await frame.getByRole('button', { name: /check/i }).first().click({ timeout: 10000 });
        } else {
          throw new Error('unknown step ' + step);
        }
      }
      seen.shownAfter = await position(frame);
      seen.images = await images(frame);
      seen.text = ((await frame.locator('body').innerText({ timeout: 2000 }).catch(() => '')) || '').replace(/\s+/g, ' ').slice(0, 1500);
      // The SCO writes after each step (the dynamic launcher after the live player's answer): give
      // the last write time to reach the LMS side.
      await page.waitForTimeout(1500);
      seen.lms = await lms(page);
      seen.frames = page.frames().map((f) => f.url().replace(/#.*/, ''));
    } catch (e) {
      seen.error = e.message;
      const frame = await courseFrame(page, 1000);
      if (frame) {
        seen.found = (await frame.locator('body').ariaSnapshot({ timeout: 3000 }).catch((x) => x.message)).slice(0, 4000);
      }
      seen.frames = page.frames().map((f) => f.url().replace(/#.*/, ''));
    }
    seen.console = console.slice(0, 30);
    await page.close({ runBeforeUnload: true });
    // The SCO commits and terminates as it unloads; the hosted runtime stores it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    results.push(seen);
  }
  await context.close();
  process.stdout.write(JSON.stringify({ launches: results }) + '\n');
} finally {
  await browser.close();
}
