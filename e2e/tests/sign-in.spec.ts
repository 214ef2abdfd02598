import { expect, test } from '@playwright/test';
import { logIn } from '../support/session';

const demoUsers = [
  { username: 'admin', sees: ['Administration', 'Users', 'Library management', 'Moderation'], doesNotSee: [] },
  { username: 'moderator', sees: ['Moderation'], doesNotSee: ['Administration', 'Users', 'Library management'] },
  { username: 'listener', sees: [], doesNotSee: ['Administration', 'Users', 'Library management', 'Moderation'] },
];

for (const user of demoUsers) {
  test(`${user.username} signs in, stays signed in after a reload, and sees what their permissions allow`, async ({
    page,
  }) => {
    await logIn(page, user.username);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('complementary').getByText(user.username, { exact: true })).toBeVisible();
    // A sidebar link's name may end with its pending count ('Moderation (2 reports and requests to handle)').
    const entry = (label: string) => nav.getByRole('link', { name: new RegExp(`^${label}(?:$| \\()`) });
    for (const label of user.sees) await expect(entry(label)).toBeVisible();
    for (const label of user.doesNotSee) await expect(entry(label)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('complementary').getByText(user.username, { exact: true })).toBeVisible();
    // The login route is closed to someone signed in.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/library$/);
  });
}

test('the admin opens a settings-guarded section; the listener is turned away from it', async ({ browser }) => {
  const admin = await browser.newPage();
  await logIn(admin, 'admin');
  await admin.goto('/manage/settings');
  await expect(admin.getByRole('heading', { level: 1, name: 'Instance settings' })).toBeVisible();

  const listener = await browser.newPage();
  await logIn(listener, 'listener');
  await listener.goto('/manage/settings');
  await expect(listener).toHaveURL(/\/library$/);
});

test('signing out ends the session and leaves no session data behind', async ({ page }) => {
  await logIn(page, 'listener');
  await page.goto('/favorites');
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Shoal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  const storage = await page.evaluate(() => ({
    session: sessionStorage.length,
    tokens: localStorage.getItem('shoal.auth.tokens'),
    tracks: Object.keys(localStorage).filter((key) => key.startsWith('shoal.tracks.')),
  }));
  expect(storage).toEqual({ session: 0, tokens: null, tracks: [] });
  await page.reload();
  await page.goto('/favorites');
  await expect(page).toHaveURL(/\/login\?next=%2Ffavorites$/);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail address').fill('listener');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('We cannot log you in');
  await expect(page).toHaveURL(/\/login$/);
});

test('after signing in, the user lands where the login page was asked to send them', async ({ page }) => {
  await page.goto('/favorites');
  await expect(page).toHaveURL(/\/login\?next=%2Ffavorites$/);
  await page.getByLabel('Username or e-mail address').fill('listener');
  await page.getByLabel('Password').fill('shoal-e2e-demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
});
