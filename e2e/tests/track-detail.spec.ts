import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('an album leads to its track: release table, related lists, and the actions menu by keyboard', async ({
  page,
}) => {
  await signIn(page, 'listener');
  await page.goto('/library/albums?ordering=title');
  const card = page.locator('.listen-card__title').first();
  const albumTitle = (await card.textContent()) ?? '';
  await card.click();
  await expect(page).toHaveURL(/\/library\/albums\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: albumTitle })).toBeVisible();
  const trackList = page.getByRole('table', { name: 'Track list' });
  const firstTrack = trackList.getByRole('link').first();
  const title = (await firstTrack.textContent()) ?? '';
  await firstTrack.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const release = page.getByRole('table', { name: 'Release' });
  await expect(release.getByRole('row', { name: /Album/ })).toContainText(albumTitle);
  for (const row of ['Artist', 'Copyright', 'Licence', 'URL', 'Year']) {
    await expect(release.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  }
  const file = page.getByRole('table', { name: 'Track', exact: true });
  for (const row of ['Bitrate', 'Codec', 'Downloads', 'Duration', 'Size']) {
    await expect(file.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Playlists with this track' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Libraries with this track' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The actions menu, by keyboard only: open, walk with the arrows, close with Escape.
  const actions = page.getByRole('button', { name: 'Actions' });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(actions).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Suggest an edit' })).toBeFocused();
  // A listener suggests; only library managers edit directly.
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Embed' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(actions).toHaveAttribute('aria-expanded', 'false');
  await expect(actions).toBeFocused();

  // Embed: a modal with the iframe snippet, closed with Escape, focus back on the menu button.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Embed' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Embed this track' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Embed code')).toHaveValue(
    /^<iframe .*src="http:\/\/127\.0\.0\.1:\d+\/embed\?type=track&id=\d+"/,
  );
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
});
