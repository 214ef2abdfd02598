import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'listener');
});

test('albums filtered by a tag and ordered by title come back the same after a reload', async ({ page }) => {
  await page.goto('/library/albums');
  await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'results' })).toBeVisible();

  await page.getByLabel('Tags').fill('electronic');
  await page.getByLabel('Tags').press('Enter');
  await page.getByLabel('Order by').selectOption({ label: 'Title' });
  await page.getByLabel('Direction').selectOption({ label: 'Ascending' });
  await expect(page).toHaveURL(/tag=electronic/);
  await expect(page).toHaveURL(/ordering=title/);

  // Results of the previous query stay on screen (marked busy) until the new page arrives.
  const results = page.locator('[aria-busy="false"]');
  const titles = results.locator('.listen-card__title');
  const sorted = async () => {
    const shown = await titles.allTextContents();
    return shown.length > 0 && shown.join('|') === [...shown].sort((a, b) => a.localeCompare(b)).join('|');
  };
  await expect.poll(sorted).toBe(true);
  const before = await titles.allTextContents();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove tag electronic' })).toBeVisible();
  await expect(page.getByLabel('Order by')).toHaveValue('title');
  await expect(page.getByLabel('Direction')).toHaveValue('asc');
  await expect.poll(() => titles.allTextContents()).toEqual(before);
  await expectNoSeriousAxeViolations(page);
});

test('a search without match shows the no-results state with a refresh', async ({ page }) => {
  await page.goto('/library/albums?q=no-such-album-anywhere');
  await expect(page.getByText('Nothing matches this search yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('no-such-album-anywhere');
});

test('artists can exclude compilation artists and page through results', async ({ page }) => {
  await page.goto('/library/artists?paginateBy=12');
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  // The box shows the address's state: it turns checked once the new address is rendered.
  await page.getByLabel('Exclude compilation artists').click();
  await expect(page.getByLabel('Exclude compilation artists')).toBeChecked();
  await expect(page).toHaveURL(/excludeCompilation=true/);
  await expect(page).toHaveURL(/paginateBy=12/);
  await expect(page.locator('.listen-card__title').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Exclude compilation artists')).toBeChecked();
  await expectNoSeriousAxeViolations(page);
});

test('an album opens with its track list, and a track shows its track and release tables', async ({ page }) => {
  await page.goto('/library/albums?ordering=title');
  await page.locator('.listen-card__title').first().click();
  await expect(page).toHaveURL(/\/library\/albums\/\d+$/);
  const trackList = page.getByRole('table', { name: 'Track list' });
  await expect(trackList).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play all' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('link', { name: 'Search on Wikipedia' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in the admin site' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Search on Wikipedia' })).toBeHidden();

  // Play all hands the album to the host's player, first track first.
  const firstTitle = await trackList.getByRole('link').first().textContent();
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(firstTitle ?? '');

  const firstTrack = trackList.getByRole('link').first();
  const title = await firstTrack.textContent();
  await firstTrack.click();
  await expect(page.getByRole('heading', { level: 1, name: title ?? '' })).toBeVisible();
  const release = page.getByRole('table', { name: 'Release' });
  await expect(release.getByRole('rowheader', { name: 'Album' })).toBeVisible();
  await expect(release.getByRole('rowheader', { name: 'Copyright' })).toBeVisible();
  await expect(release.getByRole('rowheader', { name: 'Year' })).toBeVisible();
  const file = page.getByRole('table', { name: 'Track', exact: true });
  await expect(file.getByRole('rowheader', { name: 'Bitrate' })).toBeVisible();
  await expect(file.getByRole('row', { name: /Size/ })).toContainText(/\d(\.\d)? (kB|MB)/);
  await expectNoSeriousAxeViolations(page);
});

test('an artist page and a tag page list what they hold', async ({ page }) => {
  await page.goto('/library/artists?ordering=name');
  await page.locator('.listen-card__title').first().click();
  await expect(page).toHaveURL(/\/library\/artists\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Albums' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('list', { name: 'Tags' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/library\/tags\//);
  await expect(page.getByRole('heading', { level: 1, name: /^Tag #/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Albums tagged/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("podcasts and the listener's own artists and albums have their own pages", async ({ page }) => {
  for (const [path, heading] of [
    ['/library/podcasts', 'Podcasts'],
    ['/library/me/artists', 'My artists'],
    ['/library/me/albums', 'My albums'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status').or(page.getByText('Nothing matches this search yet.')).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  await page.goto('/library/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
