import { expect, test } from '@playwright/test';
import { demoPassword, mainPort } from '../support/environment';
import { makeFlac } from '../support/flac-files';
import { type RunningGateway, startGateway } from '../support/gateway';

// A gateway of its own: the quota set here is pod-wide and must not reach the other journeys.
const port = mainPort + 30;
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway('quota', port, ['--demo-password', demoPassword]);
});
test.afterAll(async () => {
  await gateway?.stop();
});

test.setTimeout(120_000);

test('a file over the remaining quota is refused with the quota message', async ({ page, context }) => {
  const base = gateway.url;
  await page.goto(`${base}/login?next=/content`);
  await page.getByLabel('Username or e-mail address').fill('admin');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${base}/content`);

  // The instance default quota drops to 1 MB (an empty user quota uses the instance default).
  const csrf = (await context.cookies(base)).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const saved = await page.request.post(`${base}/api/v1/instance/admin/settings/bulk/`, {
    data: { users__upload_quota: 1 },
    headers: { 'X-CSRFToken': csrf, Referer: `${base}/` },
  });
  expect(saved.ok()).toBe(true);

  await page.goto(`${base}/content/libraries/new`);
  await page.getByLabel('Name', { exact: true }).fill('Quota test');
  await page.getByRole('button', { name: 'Create library' }).click();
  await expect(page.getByRole('heading', { name: 'Quota test', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(/Remaining storage: /)).toBeVisible();

  const big = makeFlac({ frequency: 500, seconds: 30, tags: { TITLE: 'Too Long', ARTIST: 'Shoal Test Band' } });
  expect(big.length).toBeGreaterThan(2 * 1000 * 1000);
  await page.getByLabel('Choose files').setInputFiles([{ name: 'too-long.flac', mimeType: 'audio/flac', buffer: big }]);
  await expect(page).toHaveURL(`${base}/upload/running`);
  await expect(page.getByText('Upload refused: the file is too big or your storage quota is full.')).toBeVisible({
    timeout: 30_000,
  });
});
