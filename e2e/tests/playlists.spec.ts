import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

/** The titles of the editor's rows, in order, read from their drag handles' names. */
async function editorTitles(page: Page): Promise<string[]> {
  const handles = page.getByRole('list', { name: 'Tracks of the playlist' }).getByRole('button', { name: /^Move / });
  const names = await handles.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Move (.*), position \d+ of \d+$/, '$1'));
}

async function addToPlaylist(page: Page, row: Locator, title: string, playlist: string) {
  await row.getByRole('button', { name: `Add ${title} to a playlist` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${title} to a playlist` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: `Add to ${playlist}` }).click();
  return dialog;
}

/** Drags with a real pointer, in small steps, as a person would. */
async function drag(page: Page, from: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 8, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 4, { steps: 12 });
  await page.mouse.up();
}

test('create a playlist, add a duplicate anyway, reorder by drag and keyboard, reload, export XSPF and import it back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Road trip ${Date.now()}`;
  await signIn(page, 'listener', '/library/playlists');
  await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Create it.
  await page.getByRole('button', { name: 'Create a playlist' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Visibility').selectOption({ label: 'Everyone on this instance' });
  await page.getByLabel('Description').fill('For the long drive.');
  await page.getByRole('button', { name: 'Create playlist' }).click();
  await expect(page).toHaveURL(/\/library\/playlists\/\d+\?mode=edit$/);
  const playlistUrl = page.url().replace(/\?.*$/, '');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('This playlist has no track yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Add two tracks of an album, then the first one again: the duplicate warning, then 'Add anyway'.
  await page.goto('/library/albums?ordering=title');
  await page.locator('.listen-card__title').first().click();
  const table = page.getByRole('table', { name: 'Track list' });
  const rows = table.getByRole('row');
  const first = (await rows.nth(1).getByRole('link').textContent())?.trim() ?? '';
  const second = (await rows.nth(2).getByRole('link').textContent())?.trim() ?? '';
  let dialog = await addToPlaylist(page, rows.nth(1), first, name);
  await expect(dialog.getByRole('status')).toHaveText(`${first} was added to ${name}.`);
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  dialog = await addToPlaylist(page, rows.nth(2), second, name);
  await expect(dialog.getByRole('status')).toHaveText(`${second} was added to ${name}.`);
  await page.keyboard.press('Escape');
  dialog = await addToPlaylist(page, rows.nth(1), first, name);
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(`This track is already in ${name}.`);
  await warning.getByRole('button', { name: 'Add anyway' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${first} was added to ${name}.`);
  await page.keyboard.press('Escape');

  // The editor: drag the second track to the top.
  await page.goto(`${playlistUrl}?mode=edit`);
  await expect.poll(() => editorTitles(page)).toEqual([first, second, first]);
  await expectNoSeriousAxeViolations(page);
  const list = page.getByRole('list', { name: 'Tracks of the playlist' });
  await drag(
    page,
    list.getByRole('button', { name: `Move ${second}, position 2 of 3` }),
    list.getByRole('listitem').first(),
  );
  await expect.poll(() => editorTitles(page)).toEqual([second, first, first]);
  await expect(page.getByRole('status').filter({ hasText: 'Changes synced with server' })).toBeVisible();

  // And by keyboard: End sends the focused track to the bottom, focus follows it.
  await list.getByRole('button', { name: `Move ${second}, position 1 of 3` }).focus();
  await page.keyboard.press('End');
  await expect.poll(() => editorTitles(page)).toEqual([first, first, second]);
  await expect(list.getByRole('button', { name: `Move ${second}, position 3 of 3` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Changes synced with server' })).toBeVisible();

  // The pod kept the order.
  await page.reload();
  await expect.poll(() => editorTitles(page)).toEqual([first, first, second]);

  // Export as XSPF from the import/export dropdown, by keyboard…
  const dropdown = page.getByRole('button', { name: 'Import or export' });
  await dropdown.focus();
  await page.keyboard.press('Enter');
  await expect(dropdown).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Export as XSPF' })).toBeFocused();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xspf$/);
  const file = await download.path();
  const xspf = await readFile(file, 'utf8');
  expect(xspf).toContain('<playlist version="1" xmlns="http://xspf.org/ns/0/">');
  expect(xspf.match(/<track>/g)).toHaveLength(3);
  expect(xspf).toContain(`<title>${name}</title>`);

  // …and import it back: a new playlist with the same tracks in the same order.
  await page.goto('/library/me/playlists');
  await page.getByRole('button', { name: 'Import or export' }).click();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import from an XSPF file' }).click();
  await (await choosing).setFiles(file);
  await expect(page).toHaveURL(/\/library\/playlists\/\d+$/);
  expect(page.url()).not.toBe(playlistUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Playlist ${name} created. 3 tracks added.`)).toBeVisible();
  const imported = page.getByRole('table', { name: 'Tracks of the playlist' });
  await expect(imported.getByRole('row')).toHaveCount(4);
  const importedTitles = await imported
    .getByRole('row')
    .evaluateAll((items) => items.slice(1).map((row) => row.querySelector('a')?.textContent?.trim() ?? ''));
  expect(importedTitles).toEqual([first, first, second]);
  await expectNoSeriousAxeViolations(page);

  // Delete the copy, after a confirmation; the original stays.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the playlist ${name}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/library\/me\/playlists$/);
  await expect(page.getByRole('link', { name })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
});

test('clearing a playlist and rebuilding it from an XSPF file both ask first', async ({ page }) => {
  const name = `To clear ${Date.now()}`;
  await signIn(page, 'listener', '/library/playlists');
  await page.getByRole('button', { name: 'Create a playlist' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create playlist' }).click();
  await expect(page).toHaveURL(/\?mode=edit$/);
  const playlistUrl = page.url();
  await page.goto('/library/albums?ordering=title');
  await page.locator('.listen-card__title').first().click();
  const row = page.getByRole('table', { name: 'Track list' }).getByRole('row').nth(1);
  const title = (await row.getByRole('link').textContent())?.trim() ?? '';
  await addToPlaylist(page, row, title, name);
  await page.keyboard.press('Escape');
  await page.goto(playlistUrl);
  await expect.poll(() => editorTitles(page)).toEqual([title]);
  await page.getByRole('button', { name: 'Clear the playlist' }).click();
  const confirm = page.getByRole('dialog', { name: `Remove every track of ${name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => editorTitles(page)).toEqual([title]);
  await page.getByRole('button', { name: 'Clear the playlist' }).click();
  await confirm.getByRole('button', { name: 'Clear the playlist' }).click();
  await expect(page.getByText('This playlist has no track yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('This playlist has no track yet.')).toBeVisible();

  // Rebuild it from an XSPF file written elsewhere: tracks found by title, after a confirmation.
  const file = test.info().outputPath('elsewhere.xspf');
  await writeFile(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<playlist version="1" xmlns="http://xspf.org/ns/0/"><title>Elsewhere</title><trackList>
  <track><title>${title}</title></track>
  <track><title>No such track anywhere</title></track>
</trackList></playlist>`,
  );
  await page.getByLabel('Rebuild from an XSPF file').setInputFiles(file);
  const rebuild = page.getByRole('dialog', { name: `Replace every track of ${name} with the tracks of an XSPF file?` });
  await rebuild.getByRole('button', { name: 'Replace the tracks' }).click();
  await expect(page.getByText('1 track added. 1 track of the file was not found on this pod.')).toBeVisible();
  await expect.poll(() => editorTitles(page)).toEqual([title]);
  await expect(page.getByRole('status').filter({ hasText: 'Changes synced with server' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
