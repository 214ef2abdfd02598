import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { mainPort } from '../support/environment';
import { signIn } from '../support/sign-in';

test('a profile shows its overview and activity, and copies its federated link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'listener');
  await page.goto(`/@admin@127.0.0.1:${mainPort}`);
  await expect(page.getByRole('heading', { level: 1, name: 'admin' })).toBeVisible();
  await expect(page.getByText(`@admin@127.0.0.1:${mainPort}`, { exact: true })).toBeVisible();
  const link = page.getByLabel('Federated profile link');
  await expect(link).toHaveValue(`http://127.0.0.1:${mainPort}/@admin`);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://127.0.0.1:${mainPort}/@admin`);
  await expect(page.getByText('Copied to the clipboard')).toBeHidden({ timeout: 7000 });

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/@admin@127\.0\.0\.1:\d+\/activity$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Recently favorited' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recently listened' })).toBeVisible();
  // The playlists widget shows admin's playlists (the demo seed gives admin a public one), and only theirs.
  const playlists = page.getByRole('region', { name: 'Playlists' });
  await expect(playlists.getByRole('link').first()).toHaveAttribute('href', /\/library\/playlists\/\d+$/);
  const owners = await playlists.locator('.listen-card__meta').allTextContents();
  expect(owners.length).toBeGreaterThan(0);
  for (const owner of owners) expect(owner).toMatch(/^by admin · /);
  await expectNoSeriousAxeViolations(page);
});

test('an unknown profile says it cannot be loaded', async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/@nobody-here');
  await expect(page.getByText('This profile could not be loaded')).toBeVisible();
});

test('a visitor asking for a profile of another domain is sent to log in first', async ({ page }) => {
  await page.goto('/@ann@elsewhere.example/activity');
  await expect(page).toHaveURL(/\/login\?next=%2F%40ann%40elsewhere\.example%2Factivity$/);
});

test("a favorite shows in its owner's profile activity", async ({ page }) => {
  await signIn(page, 'moderator', '/search?q=kepler');
  const tracks = page.getByRole('region', { name: /^Tracks/ });
  const title = (await tracks.getByRole('link').first().textContent()) ?? '';
  const heart = tracks.getByRole('button', { name: `Favorite ${title}` });
  await expect(heart).toBeEnabled();
  if ((await heart.getAttribute('aria-pressed')) !== 'true') await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/@moderator/activity');
  const favorites = page.getByRole('table', { name: 'Recently favorited' });
  await expect(favorites.getByRole('link', { name: title })).toBeVisible();
  // Their own profile has no follow or report button.
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
});
