import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';
import { createLibrary, taggedFlac, uploadRow } from '../support/uploads';

test.setTimeout(120_000);

async function visibleTracks(page: Page, title: string): Promise<number> {
  const response = await page.request.get(`/api/v1/tracks/?q=${encodeURIComponent(title)}&playable=true`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { count: number }).count;
}

test('a private library is followed by another user, accepted by the owner, and its tracks appear', async ({
  browser,
}) => {
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'admin', '/content/libraries');
  const name = `Private ${Date.now()}`;
  const uuid = await createLibrary(owner, name, 'Private');
  const title = `Hidden Cove ${Date.now()}`;
  await owner.goto(`/upload?library=${uuid}`);
  await owner.getByLabel('Choose files').setInputFiles([taggedFlac('hidden-cove.flac', title)]);
  await expect(uploadRow(owner, 'hidden-cove.flac').getByText('Imported', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await owner.goto(`/content/libraries/${uuid}/edit`);
  const link = await owner.getByLabel('Send this link to people you want to follow the library.').inputValue();

  const follower = await (await browser.newContext()).newPage();
  await signIn(follower, 'listener', '/content/remote');
  expect(await visibleTracks(follower, title)).toBe(0);
  await follower.getByLabel('Sharing link of the library').fill(link);
  await follower.getByRole('button', { name: 'Find library' }).click();
  const card = follower.getByRole('article', { name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByText('Request pending')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel request' })).toBeEnabled();
  await expectNoSeriousAxeViolations(follower);

  // A pending request can be taken back, then asked again.
  await card.getByRole('button', { name: 'Cancel request' }).click();
  await expect(card.getByRole('button', { name: 'Follow' })).toBeVisible();
  await follower.reload();
  await expect(follower.getByText('You do not follow any library yet.')).toBeVisible();
  await follower.getByLabel('Sharing link of the library').fill(link);
  await follower.getByRole('button', { name: 'Find library' }).click();
  await follower.getByRole('article', { name }).getByRole('button', { name: 'Follow' }).click();
  await expect(follower.getByRole('article', { name }).getByText('Request pending')).toBeVisible();

  await owner.reload();
  const followers = owner.getByRole('region', { name: 'Followers' });
  await expect(followers.getByText('Waiting for your approval')).toBeVisible();
  await followers.getByRole('button', { name: /^Accept / }).click();
  await expect(followers.getByText('Following')).toBeVisible();

  await follower.reload();
  const followed = follower.getByRole('article', { name });
  await expect(followed.getByText('Following')).toBeVisible();
  await expect.poll(() => visibleTracks(follower, title), { timeout: 15_000 }).toBe(1);

  // A scan launched by hand runs to its end; another one right after is skipped as too recent.
  await followed.getByRole('button', { name: 'Scan now' }).click();
  await expect(followed.getByText('Last scan: Scanned', { exact: true })).toBeVisible({ timeout: 20_000 });
  await followed.getByRole('button', { name: 'Scan now' }).click();
  await expect(followed.getByText('The last scan is too recent: try again later.')).toBeVisible();

  // Unfollowing asks first, then the tracks are out of reach again.
  await followed.getByRole('button', { name: 'Unfollow' }).click();
  const dialog = follower.getByRole('dialog', { name: 'Unfollow this library?' });
  await dialog.getByRole('button', { name: 'Unfollow' }).click();
  await expect(follower.getByRole('article', { name })).toHaveCount(0);
  await expect.poll(() => visibleTracks(follower, title), { timeout: 15_000 }).toBe(0);
});
