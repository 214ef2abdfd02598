import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test("the library home shows what was just favorited, and /library/me keeps to the listener's own", async ({
  page,
}) => {
  await signIn(page, 'moderator', '/search?q=aurora');
  const link = page
    .getByRole('region', { name: /^Tracks/ })
    .getByRole('link')
    .first();
  const title = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const heart = page.getByRole('button', { name: `Favorite ${title}` }).first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  for (const name of [
    'Recently added',
    'New tracks',
    'Recently favorited',
    'Recently listened',
    'Playlists',
    'New channels',
  ]) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  await expect(
    page.getByRole('table', { name: 'Recently favorited' }).getByRole('link', { name: title }).first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recently added' }).getByRole('listitem').first()).toBeVisible();

  // By keyboard to the listener's own library.
  const mine = page.getByRole('navigation', { name: 'Library scope' }).getByRole('link', { name: 'My library' });
  await mine.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/library\/me$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My library' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Recently favorited' }).getByRole('link', { name: title }),
  ).toBeVisible();
  // Only the moderator's own albums: none on a fresh pod (an empty state with Refresh), or those the
  // upload journeys running alongside have just added for the moderator.
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const own = await page.request.get('/api/v1/albums/?scope=me&ordering=-creation_date&page_size=12');
    expect(own.ok()).toBe(true);
    const ownAlbums = ((await own.json()) as { results: { title: string }[] }).results;
    const recentlyAdded = page.getByRole('region', { name: 'Recently added' });
    if (ownAlbums.length === 0) {
      await expect(recentlyAdded.getByText('No albums yet.')).toBeVisible();
      await expect(recentlyAdded.getByRole('button', { name: 'Refresh' })).toBeVisible();
    } else {
      await expect(recentlyAdded.getByRole('listitem')).toHaveCount(ownAlbums.length);
      for (const album of ownAlbums) await expect(recentlyAdded.getByText(album.title).first()).toBeVisible();
    }
  }).toPass({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expectNoSeriousAxeViolations(page);

  // Taken back, it leaves the list.
  await page
    .getByRole('table', { name: 'Recently favorited' })
    .getByRole('button', { name: `Favorite ${title}` })
    .click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Recently favorited' }).getByText('No favorites yet.')).toBeVisible();
});
