import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL } from '../support/environment';
import { apiAs, csrfHeader } from '../support/pod-api';
import { signIn } from '../support/sign-in';

// The moderator hides an artist for themself only; the listener account other journeys use is left alone.
test.afterAll(async () => {
  const api = await apiAs(baseURL, 'moderator');
  const filters = (await (await api.get('/api/v1/moderation/content-filters/')).json()) as {
    results: { uuid: string }[];
  };
  for (const filter of filters.results) {
    await api.delete(`/api/v1/moderation/content-filters/${filter.uuid}/`, { headers: await csrfHeader(api) });
  }
  await api.dispose();
});

test('hiding an artist from its menu removes it from the lists', async ({ page }) => {
  await signIn(page, 'moderator');
  await page.goto('/library/artists');
  await expect(page.getByRole('link', { name: 'The Brass Lanterns' })).toBeVisible();
  await page.goto('/search?q=lantern');
  await expect(
    page.getByRole('region', { name: /^Albums/ }).getByRole('link', { name: 'Lantern Street' }),
  ).toBeVisible();

  await page
    .getByRole('region', { name: /^Artists/ })
    .getByRole('link', { name: 'The Brass Lanterns' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Brass Lanterns' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide this artist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide The Brass Lanterns?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Hide this artist' }).click();

  await expect(page).toHaveURL(/\/library\/artists$/);
  await expect(page.getByText('The Brass Lanterns is now hidden.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kepler Nine' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Brass Lanterns' })).toHaveCount(0);

  await page.goto('/search?q=lantern');
  await expect(page.getByRole('region', { name: /^Artists/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Brass Lanterns' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Lantern Street' })).toHaveCount(0);
});
