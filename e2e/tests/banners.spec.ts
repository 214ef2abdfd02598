import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('the reporting consent is asked once and kept in the allow-tracing cookie', async ({ page, context }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: /^About / })).toBeVisible();
  const banners = page.getByRole('region', { name: 'Announcements' });
  await expect(banners.getByRole('button', { name: 'Allow' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await banners.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
  const cookie = (await context.cookies()).find((item) => item.name === 'allow-tracing');
  expect(cookie?.value).toBe('no');

  // Asked once: not again after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^About / })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
});

test('allowing reports stores yes', async ({ page, context }) => {
  await page.goto('/about');
  await page.getByRole('region', { name: 'Announcements' }).getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
  expect((await context.cookies()).find((item) => item.name === 'allow-tracing')?.value).toBe('yes');
});

test('an error nothing handled raises the unexpected-error banner, which can be dismissed', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: /^About / })).toBeVisible();
  // A failure no code catches, as a broken handler would produce.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom');
    }, 0);
  });
  const alert = page.getByRole('alert').filter({ hasText: 'An unexpected error occurred' });
  await expect(alert).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});

test('on a page longer than the window, the banners stay in view above the player', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 660 });
  // The library home: six sections, longer than the window.
  await signIn(page, 'listener', '/library');
  await expect(page.getByRole('heading', { level: 2, name: 'Recently added' })).toBeVisible();
  const banners = page.getByRole('region', { name: 'Announcements' });
  await expect(banners.getByRole('button', { name: 'Allow' })).toBeVisible();
  // The case this is about: the page scrolls, and the banners come after its content.
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(overflow).toBeGreaterThan(100);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(banners).toBeInViewport();
  // Above the player bar, not under it.
  const bannerBox = await banners.boundingBox();
  const playerBox = await page.getByRole('region', { name: 'Player' }).boundingBox();
  expect(bannerBox && playerBox && bannerBox.y + bannerBox.height <= playerBox.y).toBe(true);
});
