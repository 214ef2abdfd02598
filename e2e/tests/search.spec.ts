import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'listener');
});

const GROUPS = ['Artists', 'Albums', 'Tracks', 'Podcasts', 'Series', 'Playlists', 'Radios', 'Tags'];

test('a search by keyboard shows every result group, and the query survives a reload', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search', exact: true })).toHaveAttribute('aria-current', 'page');

  // Keyboard only: reach the field, type, press Enter.
  const field = page.getByLabel('Search the library');
  await field.focus();
  await page.keyboard.type('a');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=a$/);

  for (const group of GROUPS) {
    const section = page.getByRole('region', { name: new RegExp(`^${group}`) });
    await expect(section.getByRole('heading', { level: 2 })).toContainText(/\(\d+\)/);
    await expect(section.getByRole('link').first()).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: /^Podcasts/ }).getByRole('link', { name: 'Shoal Weekly' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Playlists/ }).getByRole('link', { name: 'Demo favourites' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Radios/ }).getByRole('link', { name: 'Ambient & electronic' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await expect(page.getByLabel('Search the library')).toHaveValue('a');
  await expect(page.getByRole('region', { name: /^Tags/ }).getByRole('link', { name: '#ambient' })).toBeVisible();

  // A result opens its page.
  await page.getByRole('region', { name: /^Tags/ }).getByRole('link', { name: '#ambient' }).click();
  await expect(page).toHaveURL(/\/library\/tags\/ambient$/);
});

test('a narrow search shows the matching artist and empty groups say so', async ({ page }) => {
  await page.goto('/search?q=kepler');
  const artists = page.getByRole('region', { name: /^Artists/ });
  await expect(artists.getByRole('link', { name: 'Kepler Nine' })).toBeVisible();
  const radios = page.getByRole('region', { name: /^Radios/ });
  await expect(radios.getByText('No results in this group.')).toBeVisible();
  await expect(radios.getByRole('button', { name: 'Refresh' })).toBeVisible();
});

test('a fediverse handle and an RSS feed the pod cannot reach answer with their errors', async ({ page }) => {
  await page.goto('/search');
  await page.getByRole('link', { name: 'Remote object' }).click();
  await expect(page).toHaveURL(/\/search\?type=remote$/);
  await page.getByLabel('Fediverse handle or address').fill('@someone@elsewhere.example');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(page).toHaveURL(/type=remote&q=%40someone%40elsewhere.example/);
  // The pod either refuses the fetch (its message is listed) or tries and says why it failed, in words.
  const fetchAlert = page
    .getByRole('alert')
    .filter({ hasText: /Error while fetching object|This object cannot be retrieved/ });
  await expect(fetchAlert).toBeVisible({ timeout: 20_000 });
  await expect(fetchAlert.getByRole('listitem').first()).not.toBeEmpty();
  await expect(fetchAlert).not.toContainText(/\b(connection|invalid_json|unhandled)\b/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Podcast RSS feed' }).click();
  await page.getByLabel('RSS feed address').fill('https://feeds.elsewhere.example/show.xml');
  await page.getByLabel('RSS feed address').press('Enter');
  await expect(page).toHaveURL(/type=rss&q=https/);
  const feedAlert = page.getByRole('alert').filter({ hasText: 'This feed cannot be subscribed to' });
  await expect(feedAlert).toBeVisible();
  // The pod tried and says why (a real Funkwhale pod words it its own way).
  await expect(feedAlert).toContainText(/Cannot fetch the feed|Error while fetching feed/);
  await expectNoSeriousAxeViolations(page);
});
