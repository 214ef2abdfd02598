import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { mainPort } from '../support/environment';
import { signIn } from '../support/sign-in';
import { createLibrary, untaggedFlac, uploadRow } from '../support/uploads';

test.setTimeout(120_000);

test('untagged files and unsupported types are refused with their own messages', async ({ page }) => {
  await signIn(page, 'moderator', '/content/libraries');
  const name = `Failures ${Date.now()}`;
  const uuid = await createLibrary(page, name);
  await page.goto(`/upload?library=${uuid}`);

  // A file without tags never leaves the browser; a .txt is refused by type.
  await page
    .getByLabel('Choose files')
    .setInputFiles([
      untaggedFlac('no-tags.flac'),
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not music') },
    ]);
  await expect(page).toHaveURL('/upload/running');
  await expect(uploadRow(page, 'no-tags.flac').getByText('Missing metadata')).toBeVisible();
  await expect(
    uploadRow(page, 'notes.txt').getByText(/This file type cannot be uploaded\. Supported extensions: flac, ogg, mp3/),
  ).toBeVisible();
  await expect(page.getByText('0 imported, 0 in progress, 2 failed, of 2')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the upload views need a group, and the library edit page guards its destructive actions', async ({ page }) => {
  await signIn(page, 'moderator', '/upload/running');
  await expect(page).toHaveURL('/upload');
  await expect(page.getByText(/Supported extensions: flac, ogg, mp3, opus, aac, m4a, aiff, aif/)).toBeVisible();

  const name = `Shared ${Date.now()}`;
  const uuid = await createLibrary(page, name, 'Public');
  await page.goto(`/upload?library=${uuid}`);
  // A public library asks for the copyright confirmation before any file can be chosen.
  await expect(page.getByLabel('Choose files')).toBeDisabled();
  await page.getByLabel(/I confirm I am not uploading copyrighted content/).check();
  await expect(page.getByLabel('Choose files')).toBeEnabled();
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/content/libraries/${uuid}/edit`);
  await expect(page.getByRole('heading', { name: 'Followers' })).toBeVisible();
  await expect(page.getByLabel('Send this link to people you want to follow the library.')).toHaveValue(/^http/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Delete library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this library?' });
  await expect(
    dialog.getByText('Deleting the library also deletes all its tracks. This cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Delete library' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this library?' })
    .getByRole('button', { name: 'Delete library' })
    .click();
  await expect(page).toHaveURL('/content/libraries');
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('remote libraries and track search pages load and pass the accessibility check', async ({ page }) => {
  await signIn(page, 'listener', '/content/remote');
  await expect(page.getByRole('heading', { name: 'Remote libraries', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Federation is out of reach here: a link to a server that is not there names the reason.
  const nowhere = `http://127.0.0.1:${mainPort + 49}/federation/music/libraries/${crypto.randomUUID()}`;
  await page.getByLabel('Sharing link of the library').fill(nowhere);
  await page.getByRole('button', { name: 'Find library' }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'Could not fetch remote library' });
  await expect(problem).toContainText(
    'Cannot connect to the given URL: the address is not a server, or the server might be down.',
    { timeout: 20_000 },
  );
  await expect(page.getByLabel('Sharing link of the library')).toHaveValue(nowhere);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('You do not follow any library yet.')).toBeVisible();

  await page.goto('/content/libraries/tracks?q=zzzz-nothing');
  await expect(page.getByRole('heading', { name: 'Tracks in my libraries' })).toBeVisible();
  await expect(page.getByText('No track matches this search.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto('/content/libraries');
  await expect(page.getByRole('heading', { name: 'My libraries' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
