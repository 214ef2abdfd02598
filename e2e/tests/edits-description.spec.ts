import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('the description editor: write with the toolbar and shortcuts, preview, save, then clear it', async ({ page }) => {
  await signIn(page, 'admin');
  // The last album by title, which no other journey changes.
  const answer = await page.request.get('/api/v1/albums/?ordering=-title&page_size=1');
  const album = ((await answer.json()) as { results: { id: number }[] }).results[0];
  expect(album).toBeDefined();
  await page.goto(`/library/albums/${album?.id}`);

  await page.getByRole('button', { name: 'Edit description' }).click();
  const area = page.getByLabel('Description', { exact: true });
  await area.fill('');
  await expect(page.getByText(/^5,?000 characters left$/)).toBeVisible();
  await expect(area).toHaveAttribute('maxlength', '5000');
  await area.pressSequentially('- first');
  await area.press('Enter');
  await area.pressSequentially('second');
  await expect(area).toHaveValue('- first\n- second');
  await area.press('Enter');
  await area.press('Enter');
  await area.press('Control+b');
  await area.pressSequentially('loud');
  await expect(area).toHaveValue('- first\n- second\n**loud**');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.locator('.ui-editor__preview');
  await expect(preview.locator('strong')).toHaveText('loud');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Bold' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Quote' })).toBeDisabled();
  await page.getByRole('button', { name: 'Write' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toBeEnabled();

  await page.getByRole('button', { name: 'Update description' }).click();
  const block = page.locator('.ui-description').first();
  await expect(block.locator('strong')).toHaveText('loud');
  await expect(page.getByRole('button', { name: 'Update description' })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.ui-description strong')).toHaveText('loud');

  // Clearing sends null: the block says there is no description.
  await page.getByRole('button', { name: 'Edit description' }).click();
  await page.getByLabel('Description', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Update description' }).click();
  await expect(page.getByText('No description yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No description yet.')).toBeVisible();
});
