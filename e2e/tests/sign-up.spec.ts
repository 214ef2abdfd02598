import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { dataRoot, mainPort } from '../support/environment';
import { logIn } from '../support/session';

const outbox = resolve(dataRoot, `main-${mainPort}`, 'outbox');

/** The confirmation link the pod mailed to `address` (its outbox is a folder of .eml files). */
async function confirmationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = readdirSync(outbox).map((name) => readFileSync(resolve(outbox, name), 'utf8'));
      const mail = mails.find((text) => text.includes(`To: ${address}\r\n`));
      link = mail?.match(/https?:\/\/\S+\/auth\/email\/confirm\?key=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test('a visitor signs up on the open pod, confirms the address, then signs in as the new user', async ({ page }) => {
  const username = `newcomer${Date.now().toString(36)}`;
  const email = `${username}@example.org`;
  const password = 'a long and unusual pass phrase';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The pod refuses a too-short password, and says so under the spec's title; nothing typed is lost.
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your account cannot be created.');
  await expect(page.getByLabel('Username')).toHaveValue(username);

  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toContainText('Check your inbox');

  await page.goto(await confirmationLink(email));
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your e-mail address is confirmed.');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, username, password);
  await expect(page.getByRole('complementary').getByText(username, { exact: true })).toBeVisible();

  // The same name cannot be taken twice.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Shoal' })).toBeVisible();
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail address').fill(`other-${email}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('A user with that username already exists.');
});

test('a confirmation link that is not valid says so', async ({ page }) => {
  await page.goto('/auth/email/confirm?key=not-a-real-key');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Could not confirm e-mail address');
});
