import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test("a listener follows the admin's library from the admin's profile, then unfollows it", async ({ page }) => {
  await signIn(page, 'listener');
  await page.goto('/@admin');
  await expect(page.getByRole('heading', { level: 1, name: 'admin' })).toBeVisible();
  const libraries = page.getByRole('region', { name: 'Libraries' });
  await expect(libraries.getByRole('link', { name: "Admin's music" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await libraries.getByRole('button', { name: "Follow Admin's music" }).click();
  const unfollow = libraries.getByRole('listitem').filter({ hasText: "Admin's music" }).getByRole('button', {
    name: 'Unfollow',
  });
  await expect(unfollow).toBeVisible();
  await page.reload();
  await expect(unfollow).toBeEnabled();

  // Unfollowing asks first; Escape keeps the follow.
  await unfollow.click();
  const dialog = page.getByRole('dialog', { name: "Unfollow Admin's music?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(unfollow).toBeFocused();
  await unfollow.click();
  await dialog.getByRole('button', { name: 'Unfollow' }).click();
  await expect(libraries.getByRole('button', { name: "Follow Admin's music" })).toBeVisible();
  await page.reload();
  await expect(libraries.getByRole('button', { name: "Follow Admin's music" })).toBeVisible();
});
