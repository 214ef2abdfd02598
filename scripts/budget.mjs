// Prints the front end's weight: per build, the gzip size of all its JS and CSS; and, in Debian's
// Chromium against a real gateway, the JS and CSS a first visit downloads before the page shows its
// content. Figures, not a timed test: they go into the README.
//
//   node scripts/budget.mjs [--bin target/debug/shoal] [--web dist/web]
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const root = resolve(import.meta.dirname, '..');
const bin = resolve(root, option('--bin', process.env.SHOAL_BIN ?? 'target/debug/shoal'));
const web = resolve(root, option('--web', 'dist/web'));
const port = Number(option('--port', '18090'));
const BUDGETS = { hostJs: 110, libraryJs: 140, libraryCss: 20 };

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function buildSizes(dir) {
  let js = 0;
  let css = 0;
  for (const path of walk(dir)) {
    if (/\.(js|mjs)$/.test(path)) js += gz(readFileSync(path));
    else if (path.endsWith('.css')) css += gz(readFileSync(path));
  }
  return { js, css };
}

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

/**
 * JS and CSS a fresh browser requests before the page shows its content: the page's `h1` named
 * `heading` is in the document and laid out. An observer in the page stamps that moment
 * (performance.now()), so the figure does not depend on how quickly Playwright's polling notices
 * it: every script or stylesheet whose request started before the stamp counts (even if it
 * finishes later), and code a page fetches only after showing its content does not.
 */
async function firstVisit(browser, url, heading) {
  const context = await browser.newContext();
  await context.addInitScript((name) => {
    const stamp = () => {
      if (window.__shoalShownAt !== undefined) return;
      const title = [...document.querySelectorAll('h1')].find(
        (element) => element.textContent.trim() === name && element.getClientRects().length > 0,
      );
      if (title) window.__shoalShownAt = performance.now();
    };
    new MutationObserver(stamp).observe(document, { childList: true, subtree: true, characterData: true });
  }, heading);
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') {
      bodies.push(
        response.body().then(
          (body) => ({ type, size: gz(body), url: response.url() }),
          () => null,
        ),
      );
    }
  });
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => window.__shoalShownAt !== undefined);
  // Let every request started before the stamp finish, then keep only those.
  await page.waitForLoadState('networkidle');
  const { shownAt, started } = await page.evaluate(() => ({
    shownAt: window.__shoalShownAt,
    started: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
  }));
  const startedAt = new Map(started);
  const settled = (await Promise.all(bodies))
    .filter(Boolean)
    .filter((item) => startedAt.has(item.url) && startedAt.get(item.url) <= shownAt);
  await context.close();
  return {
    js: settled.filter((item) => item.type === 'script').reduce((sum, item) => sum + item.size, 0),
    css: settled.filter((item) => item.type === 'stylesheet').reduce((sum, item) => sum + item.size, 0),
    files: settled.length,
    list: settled
      .sort((a, b) => b.size - a.size)
      .map((item) => `${kb(item.size).padStart(7)} KB  ${new URL(item.url).pathname}`),
  };
}

const rows = [];
for (const build of ['host', ...readdirSync(join(web, 'apps')).map((name) => `apps/${name}`)]) {
  const { js, css } = buildSizes(join(web, build));
  rows.push(`  build ${build.padEnd(14)} JS ${kb(js).padStart(7)} KB gzip   CSS ${kb(css).padStart(6)} KB gzip`);
}

const data = mkdtempSync(join(tmpdir(), 'shoal-budget-'));
const gateway = spawn(
  bin,
  ['--listen', `127.0.0.1:${port}`, '--data', data, '--web', web, '--demo-password', 'budget'],
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
  const shell = await firstVisit(browser, `${base}/login`, 'Log in');
  const library = await firstVisit(browser, `${base}/library`, 'Library');
  const verdict = (value, budget) => (value / 1024 <= budget ? `within ${budget} KB` : `OVER the ${budget} KB budget`);
  console.log('Front-end weight (gzip level 9):');
  for (const row of rows) console.log(row);
  console.log(
    `  first visit /login (host shell only)  JS ${kb(shell.js)} KB (${verdict(shell.js, BUDGETS.hostJs)})   CSS ${kb(shell.css)} KB`,
  );
  console.log(
    `  first visit /library (host + listen)  JS ${kb(library.js)} KB (${verdict(library.js, BUDGETS.libraryJs)})   CSS ${kb(library.css)} KB (${verdict(library.css, BUDGETS.libraryCss)})   ${library.files} files`,
  );
  if (args.includes('--verbose')) {
    console.log('  /login files:');
    for (const line of shell.list) console.log(`    ${line}`);
    console.log('  /library files:');
    for (const line of library.list) console.log(`    ${line}`);
  }
} finally {
  await browser?.close();
  gateway.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
}
