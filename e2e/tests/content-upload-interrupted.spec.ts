import { expect, test } from '@playwright/test';
import { demoPassword, mainPort } from '../support/environment';
import { RestartableGateway } from '../support/restartable-gateway';
import { taggedFlac, uploadRow } from '../support/uploads';

// A gateway of its own, frozen and restarted mid-upload without touching the other journeys.
const gateway = new RestartableGateway('interrupted', mainPort + 31);

test.beforeAll(async () => {
  await gateway.start();
});
test.afterAll(async () => {
  await gateway.kill();
});

test.setTimeout(120_000);

test('leaving mid-upload asks first; an upload cut by a gateway restart is retried to exactly one copy', async ({
  page,
}) => {
  const base = gateway.url;
  await page.goto(`${base}/login?next=/content/libraries/new`);
  await page.getByLabel('Username or e-mail address').fill('moderator');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Interrupted');
  await page.getByRole('button', { name: 'Create library' }).click();
  await expect(page.getByRole('heading', { name: 'Interrupted', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Upload', exact: true }).click();

  // A first upload goes through, so the page holds all its code (views, tag reader) before the outage.
  const warmUp = taggedFlac('harbour-bell.flac', 'Harbour Bell');
  await page.getByLabel('Choose files').setInputFiles([warmUp]);
  await expect(uploadRow(page, warmUp.name).getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'New upload' }).click();

  // A slow uplink keeps the next file's upload in flight long enough; then the pod hangs mid-way.
  const cdp = await page.context().newCDPSession(page);
  const uplink = (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  await uplink(16_000);
  const file = taggedFlac('night-ferry.flac', 'Night Ferry', 'Shoal Test Band', 'Harbour Sessions', 20);
  await page.getByLabel('Choose files').setInputFiles([file]);
  await expect(uploadRow(page, file.name).getByText(/Uploading \d+%/)).toBeVisible({ timeout: 20_000 });
  gateway.freeze();
  await expect(page).toHaveURL(`${base}/upload/running`);
  await expect(uploadRow(page, file.name).getByText(/Uploading \d+%/)).toBeVisible();

  const prompts: string[] = [];
  page.once('dialog', async (dialog) => {
    prompts.push(dialog.message());
    await dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library', exact: true }).click();
  await expect.poll(() => prompts).toEqual(['The upload is still in progress. Are you sure you want to leave?']);
  await expect(page).toHaveURL(`${base}/upload/running`);

  // The gateway dies and comes back on the same data: the failure is named, a retry succeeds.
  await gateway.kill();
  await expect(uploadRow(page, file.name).getByText(/connection dropped/)).toBeVisible({ timeout: 20_000 });
  await uplink(-1);
  await gateway.start();
  await uploadRow(page, file.name)
    .getByRole('button', { name: `Retry ${file.name}` })
    .click();
  await expect(uploadRow(page, file.name).getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.goto(`${base}/upload/all`);
  await expect(page.getByRole('cell', { name: file.name, exact: true })).toHaveCount(1);
});
