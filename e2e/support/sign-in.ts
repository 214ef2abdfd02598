import { expect, type Page } from '@playwright/test';
import { demoPassword } from './environment';

/** Signs a demo user in through the login form, then lands on `next`. */
export async function signIn(page: Page, username: string, next = '/library'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password').fill(demoPassword);
  // Enter in the password field submits the form whatever moves on screen meanwhile (a banner sliding in
  // can shift the button under a pointer click between Playwright's stability check and the click).
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === next);
}
