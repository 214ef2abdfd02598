import { expect, test } from '@playwright/test';

test('an anonymous visitor of /manage/settings lands on the library without downloading the manage app', async ({
  page,
}) => {
  const logs: string[] = [];
  const manageRequests: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/apps/manage/')) manageRequests.push(request.url());
  });
  await page.goto('/manage/settings');
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  expect(logs).toContain('Not authenticated. Redirecting to library.');
  expect(manageRequests).toEqual([]);
});

test('every permission-guarded administration route refuses an anonymous visitor', async ({ page }) => {
  for (const path of ['/manage/users', '/manage/library', '/manage/moderation/reports']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/library$/);
  }
});

test('an anonymous visitor of /favorites is asked to log in first', async ({ page }) => {
  await page.goto('/favorites');
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('next')).toBe('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});
