import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { dataRoot, demoPassword, mainPort } from '../support/environment';
import { makeFlac } from '../support/flac-files';
import { type RunningGateway, startGateway } from '../support/gateway';

// A gateway of its own, with a music folder of its own: the pod's server-folder import is
// pod-wide and must not reach the other journeys.
const port = mainPort + 11;
const name = 'server-import';
const music = resolve(dataRoot, `${name}-music-${port}`);
let gateway: RunningGateway;

// One gateway for both tests: they run one after the other in the same worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  rmSync(music, { recursive: true, force: true });
  mkdirSync(resolve(music, 'Harbour Sessions', 'Disc 1'), { recursive: true });
  gateway = await startGateway(name, port, ['--demo-password', demoPassword, '--music-dir', music]);
  // Real audio: two tagged FLACs from the suite's fixture encoder, and one of the demo pod's
  // own synthesised Ogg Vorbis tracks, whose tags have a title but no artist.
  const album = resolve(music, 'Harbour Sessions');
  writeFileSync(
    resolve(album, 'Disc 1', '01 Quay Lights.flac'),
    makeFlac({ frequency: 440, seconds: 2, tags: { TITLE: 'Quay Lights', ARTIST: 'Server Folder Band' } }),
  );
  writeFileSync(
    resolve(album, 'Disc 1', '02 Net Mender.flac'),
    makeFlac({ frequency: 523, seconds: 2, tags: { TITLE: 'Net Mender', ARTIST: 'Server Folder Band' } }),
  );
  const demoTracks = resolve(dataRoot, `${name}-${port}`, 'media', 'tracks');
  const demoOgg = readdirSync(demoTracks).find((file) => file.endsWith('.ogg'));
  if (!demoOgg) throw new Error(`no demo Ogg track in ${demoTracks}`);
  copyFileSync(resolve(demoTracks, demoOgg), resolve(album, '03 untitled demo.ogg'));
  writeFileSync(resolve(album, 'notes.txt'), 'not music');
});
test.afterAll(async () => {
  await gateway?.stop();
  rmSync(music, { recursive: true, force: true });
});

test.setTimeout(120_000);

test('an owner imports a server folder into a library, follows its log, and finds the tracks', async ({ page }) => {
  const base = gateway.url;
  await page.goto(`${base}/login?next=/content/libraries/new`);
  await page.getByLabel('Username or e-mail address').fill('admin');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${base}/content/libraries/new`);
  await page.getByLabel('Name', { exact: true }).fill('From the server');
  await page.getByRole('button', { name: 'Create library' }).click();
  await expect(page.getByRole('heading', { name: 'From the server', level: 1 })).toBeVisible();
  const uuid = new URL(page.url()).pathname.split('/').pop() ?? '';

  await page.goto(`${base}/upload`);
  const section = page.getByRole('region', { name: 'Import from a server folder' });
  await expect(section.getByText(`Music folder on the pod: ${music}`)).toBeVisible();
  const top = section.getByRole('list', { name: 'Contents of Music folder' });
  await expect(top.getByRole('button', { name: /Harbour Sessions/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // By keyboard: into the album folder, then into Disc 1 and back up by the breadcrumbs.
  await top.getByRole('button', { name: /Harbour Sessions/ }).focus();
  await page.keyboard.press('Enter');
  const albumList = section.getByRole('list', { name: 'Contents of Harbour Sessions' });
  await expect(albumList.getByText('notes.txt (file)')).toBeVisible();
  await expect(albumList.getByRole('button', { name: /Parent folder/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(albumList.getByRole('button', { name: /Disc 1/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('list', { name: 'Contents of Harbour Sessions/Disc 1' })).toBeVisible();
  const trail = section.getByRole('navigation', { name: 'Folder path' });
  await trail.getByRole('button', { name: 'Harbour Sessions' }).click();
  await expect(albumList).toBeVisible();
  await expect(section.getByText('Folder to import: Harbour Sessions')).toBeVisible();

  await section.getByLabel('Import into').selectOption(uuid);
  await section.getByLabel('Import reference').fill('harbour-from-disk');
  await section.getByRole('button', { name: 'Import this folder' }).click();

  const log = section.getByRole('log', { name: 'Import log' });
  await expect(section.getByText('Status: finished')).toBeVisible({ timeout: 60_000 });
  await expect(log).toContainText('Importing “Harbour Sessions”: 3 audio files found.');
  await expect(log).toContainText('Harbour Sessions/Disc 1/01 Quay Lights.flac: imported.');
  await expect(log).toContainText('Harbour Sessions/Disc 1/02 Net Mender.flac: imported.');
  await expect(log).toContainText('Harbour Sessions/03 untitled demo.ogg: not imported, its tags lack the artist.');
  await expect(log).toContainText('Done: 2 imported, 0 skipped, 1 not imported.');
  await expect(section.getByText('Reference: harbour-from-disk')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The import's files, by its reference: the failed one waits there with its reason.
  await section.getByRole('link', { name: 'See the imported files' }).click();
  await expect(page).toHaveURL(`${base}/upload/all?import_reference=harbour-from-disk`);
  await expect(page.getByText('Files of the import “harbour-from-disk”.')).toBeVisible();
  for (const file of ['01 Quay Lights.flac', '02 Net Mender.flac', '03 untitled demo.ogg']) {
    await expect(page.getByRole('cell', { name: file, exact: true })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);

  // The imported files are the library's tracks now.
  await page.goto(`${base}/content/libraries/${uuid}/tracks`);
  for (const title of ['Quay Lights', 'Net Mender']) {
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  }
});

test('users without the library permission do not see the server import', async ({ page }) => {
  const base = gateway.url;
  await page.goto(`${base}/login?next=/upload`);
  await page.getByLabel('Username or e-mail address').fill('listener');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${base}/upload`);
  await expect(page.getByText(/Remaining storage|no limit/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import from a server folder' })).toHaveCount(0);
});
