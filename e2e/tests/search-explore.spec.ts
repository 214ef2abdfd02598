import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('the explore page welcomes the listener and shows the newest albums', async ({ page }) => {
  await signIn(page, 'listener', '/library/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  const albums = page.getByRole('region', { name: 'New albums' });
  await expect(albums.getByRole('listitem').first()).toBeVisible();
  expect(await albums.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('region', { name: 'New channels' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // By keyboard: the first album link opens its page.
  await albums.getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/library\/albums\/\d+$/);
});
