// Measures how much scripting it takes to render a page of 100 albums (issue 4's speed target:
// under 50 ms), in Debian's Chromium against a real gateway whose embedded pod holds a generated
// catalogue. Each run navigates inside the app from the library home to
// /library/albums?paginateBy=100 with the page's data already cached, so the figure is the
// rendering work alone; it is read from Chrome's own counters (Performance.getMetrics:
// ScriptDuration, TaskDuration), the numbers DevTools shows as "Scripting".
//
//   node scripts/bench-render.mjs [--bin target/debug/shoal] [--web dist/web] [--port 19410] [--runs 7]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const root = resolve(import.meta.dirname, '..');
const bin = resolve(root, option('--bin', process.env.SHOAL_BIN ?? 'target/debug/shoal'));
const web = resolve(root, option('--web', 'dist/web'));
const port = Number(option('--port', '19410'));
const runs = Number(option('--runs', '7'));
const ALBUMS = 100;
const TARGET_MS = 50;
const password = 'bench-render';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function waitForGateway(url, child) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/settings.json`)).ok) return;
    } catch {}
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('gateway did not start');
}

/** Client-side navigation, as a click on a link does (React Router follows popstate). */
async function navigate(page, path) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const data = mkdtempSync(join(tmpdir(), 'shoal-bench-render-'));
// Enough generated tracks for well over 100 albums.
const seeded = spawnSync(bin, ['seed', '--tracks', '3000', '--data', data, '--demo-password', password], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
const gateway = spawn(
  bin,
  ['--listen', `127.0.0.1:${port}`, '--data', data, '--web', web, '--demo-password', password],
  {
    stdio: 'ignore',
  },
);
const base = `http://127.0.0.1:${port}`;
let browser;
try {
  await waitForGateway(base, gateway);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/login?next=%2Flibrary`);
  await page.getByLabel('Username or e-mail address').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();

  // Warm-up: load the page's code and its data once.
  const target = `/library/albums?paginateBy=${ALBUMS}`;
  await navigate(page, target);
  await page.waitForFunction((n) => document.querySelectorAll('.listen-card').length >= n, ALBUMS, { timeout: 60_000 });

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { script: get('ScriptDuration') * 1000, task: get('TaskDuration') * 1000 };
  };

  const scripting = [];
  const tasks = [];
  const wall = [];
  for (let run = 0; run < runs; run += 1) {
    await navigate(page, '/library');
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.listen-card').length < 100);
    await page.waitForTimeout(300);
    const before = await metric();
    // Start, render and first frame measured inside the page.
    const elapsed = await page.evaluate(
      ({ to, n }) =>
        new Promise((done) => {
          const start = performance.now();
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
          const check = () => {
            if (document.querySelectorAll('.listen-card').length >= n) {
              requestAnimationFrame(() => done(performance.now() - start));
            } else {
              requestAnimationFrame(check);
            }
          };
          check();
        }),
      { to: target, n: ALBUMS },
    );
    const after = await metric();
    const shown = await page.locator('.listen-card').count();
    if (shown < ALBUMS) throw new Error(`only ${shown} albums shown`);
    scripting.push(after.script - before.script);
    tasks.push(after.task - before.task);
    wall.push(elapsed);
  }
  const fmt = (values) => values.map((v) => v.toFixed(1)).join(', ');
  const result = median(scripting);
  console.log(`Rendering a page of ${ALBUMS} albums (${runs} runs, data cached, Debian Chromium):`);
  console.log(`  scripting (ScriptDuration) median ${result.toFixed(1)} ms   runs: ${fmt(scripting)}`);
  console.log(`  main-thread tasks (TaskDuration) median ${median(tasks).toFixed(1)} ms   runs: ${fmt(tasks)}`);
  console.log(
    `  navigation to first frame with all ${ALBUMS} cards, median ${median(wall).toFixed(1)} ms   runs: ${fmt(wall)}`,
  );
  console.log(result <= TARGET_MS ? `  within the ${TARGET_MS} ms target` : `  OVER the ${TARGET_MS} ms target`);
  process.exitCode = result <= TARGET_MS ? 0 : 1;
} finally {
  await browser?.close();
  gateway.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
}
