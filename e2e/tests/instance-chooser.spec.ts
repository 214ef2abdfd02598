import { expect, test } from '@playwright/test';

test('the instance chooser refuses an address that is not a pod, and accepts one that is', async ({
  page,
  baseURL,
}) => {
  await page.goto('/instance-chooser?next=%2Fcontent');
  const address = page.getByLabel('Pod address');

  await address.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Use this pod' }).click();
  await expect(page.getByRole('alert')).toContainText('it is not a pod');

  // Any address on the pod's host is reduced to its origin, then checked through nodeinfo.
  await address.fill(`${baseURL}/some/page`);
  await page.getByRole('button', { name: 'Use this pod' }).click();
  await expect(page).toHaveURL(/\/content$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add and manage content' })).toBeVisible();
});
