import { expect, test } from '@playwright/test';
import { baseURL, mainPort } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';

// A second real gateway whose content remote is served by another origin (the first gateway),
// moved by configuration alone: the same built host, no rebuild.
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway('remote-moved', mainPort + 2, [
    '--pod',
    baseURL,
    '--remote',
    `content=${baseURL}/apps/content/`,
  ]);
});

test.afterAll(async () => {
  await gateway?.stop();
});

test('a remote moved to another origin loads from there', async ({ page }) => {
  const contentFiles: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/apps/content/'))
      contentFiles.push(new URL(response.url()).origin);
  });
  const manifest = await (await fetch(`${gateway.url}/remotes.json`)).json();
  expect(manifest.remotes.find((remote: { name: string }) => remote.name === 'content').entry).toBe(
    `${baseURL}/apps/content/remoteEntry.js`,
  );

  await page.goto(`${gateway.url}/content`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add and manage content' })).toBeVisible();
  expect(contentFiles.length).toBeGreaterThan(0);
  expect(new Set(contentFiles)).toEqual(new Set([baseURL]));
});
