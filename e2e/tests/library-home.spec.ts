import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test("the library home shows what was just favorited, and /library/me keeps to the listener's own", async ({
  page,
}) => {
  // The moderator has no uploads of their own: their "me" scope shows empty states.
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
  await expect(page.getByRole('region', { name: 'Recently added' }).getByText('No albums yet.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recently added' }).getByRole('button', { name: 'Refresh' }),
  ).toBeVisible();
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
