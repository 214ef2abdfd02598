import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { demoPassword, mainPort } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';
import { signInAt } from '../support/pod-api';
import { signIn } from '../support/sign-in';

test('a favorite set on an album page shows on /favorites, and can be removed there', async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/search?q=kepler');
  await page
    .getByRole('region', { name: /^Albums/ })
    .getByRole('link')
    .first()
    .click();
  const trackList = page.getByRole('table', { name: 'Track list' });
  const title = (await trackList.getByRole('link').nth(1).textContent()) ?? '';
  const heart = trackList.getByRole('button', { name: `Favorite ${title}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // By keyboard: focus the toggle and press Space.
  await heart.focus();
  await page.keyboard.press('Space');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  const favorites = page.getByRole('table', { name: 'Favorites' });
  await expect(favorites.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(title);

  // Ordering and page live in the URL.
  await page.getByLabel('Order by').selectOption({ label: 'Track title' });
  await page.getByLabel('Direction').selectOption({ label: 'Ascending' });
  await expect(page).toHaveURL(/ordering=track__title/);
  await page.reload();
  await expect(page.getByLabel('Order by')).toHaveValue('track__title');
  await expect(favorites.getByRole('link', { name: title })).toBeVisible();

  await favorites.getByRole('button', { name: `Favorite ${title}` }).click();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Favorites' }).getByRole('link', { name: title })).toHaveCount(0);
});

test('a page number that is not a number falls back to the first page', async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/favorites?page=abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  await expect(page.getByText(/Page 1 of 1|No favorite tracks yet/).first()).toBeVisible();
});

test('favorites need a login', async ({ page }) => {
  await page.goto('/favorites?ordering=track__title');
  await expect(page).toHaveURL(/\/login\?next=%2Ffavorites%3Fordering%3Dtrack__title/);
});

test.describe('when the pod stops answering', () => {
  let gateway: RunningGateway;
  // Offsets of their own, so journeys running in parallel never share a port.
  const port = mainPort + 41;

  test.beforeAll(async () => {
    // A fresh pod synthesises its demo music first: slow on a busy machine.
    test.setTimeout(180_000);
    gateway = await startGateway('favorites-failure', port, ['--demo-password', demoPassword]);
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('the favorite toggle reverts and says why', async ({ page }) => {
    await signInAt(page, gateway.url, 'listener', '/search?q=aurora');
    await page
      .getByRole('region', { name: /^Tracks/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/library\/tracks\/\d+$/);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const heart = page.getByRole('button', { name: `Favorite ${title}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');

    await gateway.stop();
    await heart.click();
    await expect(
      page.getByRole('alert').filter({ hasText: `${title} could not be added to your favorites` }),
    ).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});
