import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { makeFlac } from './flac-files';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

let tone = 300;

/** A real tagged FLAC with a tone of its own, so no two uploads are duplicates. */
export function taggedFlac(
  name: string,
  title: string,
  artist = 'Shoal Test Band',
  album = 'Harbour Sessions',
  seconds = 2,
): UploadFile {
  tone += 37;
  return {
    name,
    mimeType: 'audio/flac',
    buffer: makeFlac({
      frequency: tone + Math.random() * 30,
      seconds,
      tags: { TITLE: title, ARTIST: artist, ALBUM: album },
    }),
  };
}

export function untaggedFlac(name: string): UploadFile {
  tone += 37;
  return { name, mimeType: 'audio/flac', buffer: makeFlac({ frequency: tone }) };
}

/** Creates a library through the form and returns its uuid. */
export async function createLibrary(
  page: Page,
  name: string,
  visibility = 'Private',
  checkAxe = false,
): Promise<string> {
  await page.goto('/content/libraries');
  await page.getByRole('link', { name: 'Create a new library' }).click();
  await expect(page.getByRole('heading', { name: 'Create a new library' })).toBeVisible();
  if (checkAxe) await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel(visibility, { exact: true }).check();
  await page.getByRole('button', { name: 'Create library' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const uuid = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  return uuid;
}

/** Drops files on the upload drop zone the way a browser does: a real DataTransfer of Files. */
export async function dropFiles(page: Page, files: UploadFile[]): Promise<void> {
  const payload = files.map((file) => ({
    name: file.name,
    mimeType: file.mimeType,
    data: file.buffer.toString('base64'),
  }));
  const transfer = await page.evaluateHandle((items) => {
    const data = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.data), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], item.name, { type: item.mimeType }));
    }
    return data;
  }, payload);
  const zone = page.getByRole('region', { name: 'Drop music files here' });
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** The row of one queued file on the running uploads page. */
export function uploadRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}
