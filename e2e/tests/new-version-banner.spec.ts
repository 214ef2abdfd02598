import { appendFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL, dataRoot, mainPort, webDir } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';

// A gateway of its own serving a copy of the build, so a new deployment (a changed service worker)
// can be made while a page is open, as it happens on a real pod.
const web = resolve(dataRoot, `new-version-web-${mainPort}`);
let gateway: RunningGateway;

test.beforeAll(async () => {
  rmSync(web, { recursive: true, force: true });
  mkdirSync(dataRoot, { recursive: true });
  cpSync(webDir, web, { recursive: true });
  gateway = await startGateway('new-version', mainPort + 43, ['--pod', baseURL], web);
});

test.afterAll(async () => {
  await gateway?.stop();
  rmSync(web, { recursive: true, force: true });
});

/** Deploys "a new version": the service worker's script changes (precompressed copies dropped). */
function deployNewWorker(version: number): void {
  const worker = resolve(web, 'host/serviceWorker.js');
  for (const copy of [`${worker}.gz`, `${worker}.br`]) if (existsSync(copy)) rmSync(copy);
  appendFileSync(worker, `\n// deployment ${version}\n`);
}

test('a new version is announced: later puts the banner away, update switches to it', async ({ page }) => {
  await page.goto(`${gateway.url}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first worker takes control of the page (it claims its clients once active).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  const banner = page.getByRole('status').filter({ hasText: 'A new version of Shoal is available.' });
  await expect(banner).toHaveCount(0);

  deployNewWorker(2);
  await page.reload();
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  await banner.getByRole('button', { name: 'Later' }).click();
  await expect(banner).toHaveCount(0);

  // Still waiting on the next visit; this time the listener takes it, and the page reloads into it.
  await page.reload();
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Update' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
    }),
  ).toEqual({ waiting: null, active: 'activated' });
});
