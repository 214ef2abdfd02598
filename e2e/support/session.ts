import { expect, type Page } from '@playwright/test';
import { demoPassword } from './environment';

/** Signs in through the login form, as a person would. */
export async function logIn(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password').fill(password);
  // Enter in the password field submits the form whatever moves on screen meanwhile (a banner sliding in
  // can shift the button under a pointer click between Playwright's stability check and the click).
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
}
