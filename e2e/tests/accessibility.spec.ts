import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';

const screens: { path: string; heading: string }[] = [
  { path: '/', heading: 'Welcome to Shoal' },
  { path: '/library', heading: 'Library' },
  { path: '/login', heading: 'Log in' },
  { path: '/instance-chooser', heading: 'Choose your pod' },
  { path: '/content', heading: 'Add and manage content' },
  { path: '/settings', heading: 'Account settings' },
  { path: '/no/such/page', heading: 'Page not found' },
];

for (const screen of screens) {
  test(`${screen.path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page);
  });
}

test('the layout can be crossed by keyboard, starting with a skip link', async ({ page }) => {
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
