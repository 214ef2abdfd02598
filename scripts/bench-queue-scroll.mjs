#!/usr/bin/env node
// Benchmark (a figure, not a test): frame times while the 10,000-track queue panel scrolls.
// Starts the real gateway with its embedded pod on loopback, signs a demo user in with headless
// Chromium, restores a 10,000-track queue from storage, opens the queue panel, then scrolls it one
// step per animation frame and reports frame-time percentiles (requestAnimationFrame deltas) and the
// long animation frames the browser saw (Performance API, where supported).
// With a display, requestAnimationFrame waits for vsync, so its deltas sit at 16.7 ms whatever a frame
// costs; --uncapped (the default) lifts the frame-rate limit and vsync, so each delta is what producing
// that frame took (script, style, layout, paint, software raster). --capped measures at 60 Hz instead.
//
//   node scripts/bench-queue-scroll.mjs [--port 19350] [--frames 300] [--step 120] [--capped]
//   SHOAL_BIN=target/debug/shoal SHOAL_WEB=dist/web (defaults) CHROMIUM_PATH=/usr/bin/chromium
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '19350' },
    frames: { type: 'string', default: '300' },
    step: { type: 'string', default: '120' },
    tracks: { type: 'string', default: '10000' },
    capped: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const frames = Number(values.frames);
const step = Number(values.step);
const trackCount = Number(values.tracks);
const binary = process.env.SHOAL_BIN ?? join(root, 'target/debug/shoal');
const web = process.env.SHOAL_WEB ?? join(root, 'dist/web');
const password = 'shoal-bench-password';
const base = `http://127.0.0.1:${port}`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    // A frame counts as late when it missed its vsync (a 1 ms margin for timer jitter).
    over: values.filter((value) => value > 1000 / 60 + 1).length,
  };
};
const fmt = (s) =>
  `p50 ${s.p50.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms · max ${s.max.toFixed(1)} ms · ${s.over} frames over 16.7 ms`;

async function waitForGateway(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/settings.json`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the gateway did not start in time');
}

const data = await mkdtemp(join(tmpdir(), 'shoal-bench-'));
const gateway = spawn(
  binary,
  ['--listen', `127.0.0.1:${port}`, '--data', data, '--web', web, '--demo-password', password],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
let browser;
try {
  await waitForGateway(Date.now() + 180_000);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      ...(values.capped ? [] : ['--disable-frame-rate-limit', '--disable-gpu-vsync']),
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/login?next=%2Flibrary`);
  await page.getByLabel('Username or e-mail address').fill('listener');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${base}/library`);
  // The queue an earlier visit left behind: the host's player restores it on load (calls.md §9.4).
  await page.evaluate((count) => {
    const entries = Array.from({ length: count }, (_, n) => ({
      key: `bench-${n}`,
      track: {
        id: n + 1,
        title: `Bench track ${n + 1}`,
        artistCredit: 'Bench',
        albumTitle: null,
        position: null,
        artistId: null,
        albumId: null,
        coverUrl: null,
        sources: [{ url: '/api/v1/listen/none/', mimetype: 'audio/ogg', bitrate: null, duration: 20 }],
      },
    }));
    localStorage.setItem('shoal.tracks.queue', JSON.stringify({ entries, unshuffledKeys: null }));
    localStorage.setItem('shoal.tracks.cursor', JSON.stringify({ index: 0, position: 0 }));
  }, trackCount);
  await page.reload();
  await page
    .getByRole('region', { name: 'Player' })
    .getByRole('button', { name: `Queue (${trackCount})` })
    .click();
  await page.locator('.queue-panel__scroll').waitFor();

  const measure = (scroll) =>
    page.evaluate(
      async ({ frames, step, scroll }) => {
        const scroller = document.querySelector('.queue-panel__scroll');
        const long = [];
        let observer = null;
        if (PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame')) {
          observer = new PerformanceObserver((list) => long.push(...list.getEntries().map((entry) => entry.duration)));
          observer.observe({ type: 'long-animation-frame' });
        }
        const deltas = [];
        let last = await new Promise((done) => requestAnimationFrame(done));
        for (let frame = 0; frame < frames; frame++) {
          if (scroll && scroller) scroller.scrollTop += step;
          const now = await new Promise((done) => requestAnimationFrame(done));
          deltas.push(now - last);
          last = now;
        }
        observer?.disconnect();
        const rows = scroller?.querySelectorAll('li').length ?? 0;
        return { deltas, long, rows, top: scroller?.scrollTop ?? 0 };
      },
      { frames, step, scroll },
    );

  await measure(false); // warm-up
  const idle = await measure(false);
  const scrolled = await measure(true);
  console.log(
    `queue of ${trackCount} tracks, ${frames} frames, ${step} px per frame, headless Chromium (software raster), ${
      values.capped ? 'frame rate capped at 60 Hz' : 'frame rate uncapped: a delta is the cost of one frame'
    }`,
  );
  // Uncapped, a frame with nothing to draw is not produced and rAF falls back on a timer: idle says nothing then.
  if (values.capped) console.log(`idle frames:      ${fmt(summary(idle.deltas))}`);
  console.log(`scrolling frames: ${fmt(summary(scrolled.deltas))}`);
  console.log(`rows in the DOM while scrolling: ${scrolled.rows}; scrolled to ${Math.round(scrolled.top)} px`);
  if (scrolled.long.length || idle.long.length) {
    console.log(`long animation frames (> 50 ms): idle ${idle.long.length}, scrolling ${scrolled.long.length}`);
  } else {
    console.log('long animation frames (> 50 ms): none reported');
  }
} finally {
  await browser?.close();
  gateway.kill('SIGTERM');
  await new Promise((done) => gateway.once('exit', done));
  await rm(data, { recursive: true, force: true });
}
