import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in';

test('a page load reads the pod’s nodeinfo once: start-up, the embed wizard and the about pages share it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'listener', '/library/albums');

  // Counted from a fresh page load on (requests are only observed, never answered by the test). The
  // wizard's live preview is the embed player, a page of its own in a frame: its reads are its own.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/instance/nodeinfo/') && request.frame() === page.mainFrame()) {
      reads.push(request.url());
    }
  });
  await page.goto('/library/albums');
  await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
  expect(reads, 'start-up reads it to pick the API prefix').toHaveLength(1);

  // The embed wizard (listen) asks whether visitors may listen.
  const album = page.locator('a.listen-card__title').first();
  const title = (await album.textContent()) ?? '';
  await album.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this album' });
  // The suite's main pod requires an account to listen (its default): the wizard knows it from the nodeinfo.
  await expect(dialog.getByRole('alert')).toContainText('Visitors will not be able to play this player');
  await expect(page.frameLocator('iframe[title="Player preview"]').getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The about pages (host) show what it says, in the same page load.
  await page.getByRole('link', { name: 'About this pod' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^About / })).toBeVisible();
  await page.getByRole('link', { name: 'Rules, terms and statistics' }).click();
  const statistics = page.getByRole('table', { name: 'Statistics' });
  await expect(statistics.getByRole('row', { name: /Tracks/ })).toContainText(/\d+/);

  expect(reads).toHaveLength(1);
});
