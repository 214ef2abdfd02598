import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('a listener subscribes to a podcast channel, finds it on /subscriptions, then unsubscribes', async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/library/podcasts');
  await page.getByRole('link', { name: 'Shoal Weekly' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shoal Weekly' })).toBeVisible();
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toHaveAttribute('aria-pressed', 'false');
  await subscribe.click();
  await expect(page.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shoal Weekly' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // q filters the list and lives in the URL; no match gives the no-results state with a refresh.
  await page.getByLabel('Search').fill('no-such-channel');
  await page.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(/\/subscriptions\?q=no-such-channel$/);
  await expect(page.getByText('Nothing matches this search yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await page.goto('/subscriptions?q=weekly');
  await expect(page.getByRole('link', { name: 'Shoal Weekly' })).toBeVisible();

  await page.getByRole('button', { name: 'Subscribed' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByText('Nothing matches this search yet.')).toBeVisible();
});
