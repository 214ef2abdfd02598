import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('the about pages show what the pod says about itself', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: /^About / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Description' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Rules, terms and statistics' }).click();
  await expect(page).toHaveURL(/\/about\/pod$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About this pod' })).toBeVisible();
  const statistics = page.getByRole('table', { name: 'Statistics' });
  await expect(statistics.getByRole('row', { name: /Tracks/ })).toContainText(/\d+/);
  await expectNoSeriousAxeViolations(page);
});

test('the shortcuts modal opens with ?, makes the page inert, and closes with Escape, its button or the overlay', async ({
  page,
}) => {
  await signIn(page, 'listener', '/library/albums');
  await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();

  // Typing in a field never triggers a shortcut.
  await page.getByLabel('Search', { exact: true }).fill('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('heading', { level: 1, name: 'Albums' }).click();
  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'General' })).toContainText('Show this list of shortcuts');
  await expect(dialog.getByRole('table', { name: 'Player' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '');

  // The sidebar button opens the same modal, and focus comes back to it on close.
  const opener = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await opener.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // A click inside leaves it open; a click on the overlay around it closes it, focus back again.
  await opener.click();
  await dialog.getByRole('table', { name: 'General' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  await expect(opener).toBeFocused();
});

test('the theme goes on the body and survives a reload', async ({ page }) => {
  await page.goto('/about');
  await page.getByLabel('Theme').selectOption({ label: 'Dark' });
  await expect(page.locator('body')).toHaveClass(/theme-dark/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/theme-dark/);
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Theme').selectOption({ label: 'Automatic' });
  await expect(page.locator('body')).not.toHaveClass(/theme-/);
});

test('a message posted by an app shows in the colour of its kind and goes away after 5 seconds', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Apps post through @shoal/messages, which is a DOM event: post one the same way.
  await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent('shoal:message', { detail: { content: 'An error stopped the follow' } }));
    window.dispatchEvent(new CustomEvent('shoal:message', { detail: { content: 'Library followed' } }));
  });
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.getByRole('alert')).toHaveText(/An error stopped the follow/);
  await expect(messages.getByRole('alert')).toHaveClass(/ui-toast--red/);
  await expect(messages.getByRole('status')).toHaveClass(/ui-toast--blue/);
  await expectNoSeriousAxeViolations(page);
  await expect(messages.locator('.ui-toast')).toHaveCount(0, { timeout: 7000 });
});
