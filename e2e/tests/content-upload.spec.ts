import { expect, test } from '@playwright/test';
import { installAudioProbe, playingTime } from '../support/audio-probe';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';
import { createLibrary, dropFiles, taggedFlac, uploadRow } from '../support/uploads';

test.setTimeout(120_000);

test('a publisher creates a library, uploads by picker and by drop, sees the imports live, and plays one', async ({
  page,
}) => {
  await installAudioProbe(page);
  await signIn(page, 'admin', '/content');
  await expect(page.getByRole('heading', { name: 'Add and manage content', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Storage' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const name = `Harbour ${Date.now()}`;
  const uuid = await createLibrary(page, name, 'Private', true);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(`/upload?library=${uuid}`);
  await expect(page.getByLabel('Library', { exact: true })).toHaveValue(uuid);
  await expect(page.getByText(/Remaining storage|no limit/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const picked = [
    taggedFlac('first-light.flac', 'First Light'),
    taggedFlac('low-tide.flac', 'Low Tide'),
    taggedFlac('gull-song.flac', 'Gull Song'),
  ];
  await page.getByLabel('Choose files').setInputFiles(picked);
  await expect(page).toHaveURL('/upload/running');
  for (const file of picked) {
    await expect(uploadRow(page, file.name).getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByText('3 imported, 0 in progress, 0 failed, of 3')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'New upload' }).click();
  await page.getByLabel('Library', { exact: true }).selectOption(uuid);
  const dropped = taggedFlac('breakwater.flac', 'Breakwater');
  await dropFiles(page, [dropped]);
  await expect(page).toHaveURL('/upload/running');
  await expect(uploadRow(page, dropped.name).getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: 'This session' }).click();
  await expect(page.getByRole('heading', { name: `Upload to ${name}` })).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'All my uploads' }).click();
  await expect(page.getByRole('cell', { name: 'breakwater.flac', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The library now lists the four tracks; one of them plays.
  await page.goto(`/content/libraries/${uuid}/tracks`);
  for (const title of ['First Light', 'Low Tide', 'Gull Song', 'Breakwater']) {
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Low Tide' }).click();
  await expect(page).toHaveURL(/\/library\/tracks\/\d+$/);
  await page.getByRole('button', { name: 'Play Low Tide' }).click();
  await expect.poll(() => playingTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
});
