import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { demoPassword, mainPort } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';
import { apiAs, openToVisitors } from '../support/pod-api';

// A pod open to visitors: its own gateway, so the main one keeps requiring sign-in for other journeys.
let gateway: RunningGateway;
const port = mainPort + 42;

test.beforeAll(async () => {
  // A fresh pod synthesises its demo music first: slow on a busy machine.
  test.setTimeout(180_000);
  gateway = await startGateway('anonymous-report', port, ['--demo-password', demoPassword]);
  await openToVisitors(gateway.url);
});
test.afterAll(async () => {
  await gateway?.stop();
});

test('a visitor reports a track with an e-mail address, and the moderators get it', async ({ page }) => {
  await page.goto(`${gateway.url}/search?q=aurora`);
  const link = page
    .getByRole('region', { name: /^Tracks/ })
    .getByRole('link')
    .first();
  const title = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/library\/tracks\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Favorite ${title}` })).toHaveCount(0);

  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${title}` });
  await expect(dialog).toBeVisible();
  // Visitors only get the categories the pod accepts anonymously.
  const categories = await dialog.getByLabel('Category').locator('option').allTextContents();
  expect(categories).toEqual(['Takedown request', 'Illegal content']);
  await expectNoSeriousAxeViolations(page);

  await dialog.getByLabel('Category').selectOption({ label: 'Takedown request' });
  await dialog.getByLabel('What is wrong?').fill('This is my recording, published without my consent.');
  await dialog.getByLabel('Your e-mail address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  // The browser refuses a malformed address before anything is sent; the dialog keeps the text.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('What is wrong?')).toHaveValue('This is my recording, published without my consent.');
  await dialog.getByLabel('Your e-mail address').fill('owner@example.org');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your report was sent to the moderators.')).toBeVisible();

  const moderator = await apiAs(gateway.url, 'moderator');
  const reports = (await (await moderator.get('/api/v1/manage/moderation/reports/')).json()) as {
    results: { type: string; submitter_email: string | null; summary: string | null; target: { type: string } }[];
  };
  await moderator.dispose();
  expect(reports.results).toContainEqual(
    expect.objectContaining({
      type: 'takedown_request',
      submitter_email: 'owner@example.org',
      summary: 'This is my recording, published without my consent.',
      target: expect.objectContaining({ type: 'track' }),
    }),
  );
});
