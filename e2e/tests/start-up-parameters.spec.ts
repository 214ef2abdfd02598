import { expect, test } from '@playwright/test';

for (const target of ['//evil.example/', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example']) {
  test(`_url=${target} never leaves the origin`, async ({ page, baseURL }) => {
    const leaving: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && !request.url().startsWith(baseURL ?? '')) leaving.push(request.url());
    });
    await page.goto(`/?_url=${encodeURIComponent(target)}`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(baseURL);
    expect(leaving).toEqual([]);
  });
}

test('_url opens a path of this origin on start and leaves the address clean', async ({ page }) => {
  await page.goto(`/?_url=${encodeURIComponent('/content')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add and manage content' })).toBeVisible();
  await expect(page).toHaveURL(/\/content$/);
});

test('/index.html and /front lead to the index, keeping query and hash', async ({ page }) => {
  await page.goto('/index.html?ref=mail#top');
  await expect(page).toHaveURL(/\/\?ref=mail#top$/);
  await page.goto('/front?ref=old');
  await expect(page).toHaveURL(/\/\?ref=old$/);
});

test('an unknown address shows the not-found page inside the layout', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
