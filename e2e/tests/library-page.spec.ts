import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('a library page: overview, albums and tracks tabs, upload redirect, delete asks first', async ({ page }) => {
  // Three sections, a dialog and four accessibility scans: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  const answer = await page.request.get('/api/v1/libraries/?page_size=50');
  expect(answer.ok()).toBe(true);
  const libraries = ((await answer.json()) as { results: { uuid: string; name: string; uploads_count: number }[] })
    .results;
  const library = libraries.find((candidate) => candidate.uploads_count > 0) ?? libraries[0];
  expect(library).toBeDefined();
  if (!library) return;
  const base = `/library/${library.uuid}`;

  await page.goto(base);
  await expect(page.getByRole('heading', { level: 1, name: library.name })).toBeVisible();
  const facts = page.getByRole('table', { name: 'About this library' });
  await expect(facts.getByRole('row', { name: /Owner/ })).toContainText('admin@');
  await expect(facts.getByRole('row', { name: /Uploads/ })).toContainText(String(library.uploads_count));
  await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('navigation', { name: 'Library sections' }).getByRole('link', { name: 'Albums' }).click();
  await expect(page).toHaveURL(`${base}/albums`);
  await expect(page.getByRole('heading', { level: 2, name: 'Albums' })).toBeVisible();
  await expect(page.locator('.listen-card__title').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Keyboard: the section links are ordinary links, reached with Tab and followed with Enter.
  await page.getByRole('navigation', { name: 'Library sections' }).getByRole('link', { name: 'Tracks' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${base}/tracks`);
  await expect(page.getByRole('table', { name: 'Tracks' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The owner may delete, after a confirmation; cancelling keeps everything.
  const actions = page.getByRole('button', { name: 'Actions' });
  await actions.click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this library?' });
  await expect(dialog).toContainText('all its tracks');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: library.name })).toBeVisible();

  await page.goto(`${base}/upload`);
  await expect(page).toHaveURL(/\/upload$/);
});

test('a library address that is not a UUID is a page not found', async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/library/0000-not-a-uuid');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/library/09977e27-cb58-448b-b69b-4a587bd59d5');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('an unknown library says it could not be loaded', async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/library/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('This library could not be loaded');
  await expectNoSeriousAxeViolations(page);
});
