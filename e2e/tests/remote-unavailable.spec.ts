import { expect, test } from '@playwright/test';
import { baseURL } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';

// A second real gateway in front of the first one's pod, configured with a content remote nobody serves.
let gateway: RunningGateway;
const port = Number(process.env.SHOAL_E2E_PORT ?? 18080) + 1;

test.beforeAll(async () => {
  gateway = await startGateway('remote-unavailable', port, [
    '--pod',
    baseURL,
    '--remote',
    'content=http://127.0.0.1:9/apps/content/',
  ]);
});

test.afterAll(async () => {
  await gateway?.stop();
});

test('an unreachable remote shows a retry panel while the rest of Shoal keeps working', async ({ page }) => {
  await page.goto(`${gateway.url}/content`);
  const panel = page.getByRole('alert').filter({ hasText: 'The content section could not be loaded' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();

  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The content section could not be loaded' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await expect(page).toHaveURL(`${gateway.url}/library`);
});
