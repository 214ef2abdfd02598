import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { demoPassword } from './environment';

/** Signs in through the login form of the gateway at `base` (for journeys on a second gateway). */
export async function signInAt(page: Page, base: string, username: string, next = '/library'): Promise<void> {
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password').fill(demoPassword);
  // Enter in the password field submits the form whatever moves on screen meanwhile (a banner sliding in
  // can shift the button under a pointer click between Playwright's stability check and the click).
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === next);
}

/**
 * An API client signed in as a demo user with a session cookie, as the browser would be: used
 * only to set the stage (pod settings) or to check what a journey left on the pod.
 */
export async function apiAs(base: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { Referer: `${base}/` } });
  await api.get('/api/v1/instance/settings/');
  const login = await api.post('/api/v1/users/login', {
    form: { username, password: demoPassword },
    headers: await csrfHeader(api),
  });
  expect(login.ok()).toBe(true);
  return api;
}

/** The CSRF header for writes through a context made by `apiAs` (the token rotates at login). */
export async function csrfHeader(api: APIRequestContext): Promise<Record<string, string>> {
  const token = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

/** Lets visitors without an account browse and listen on the pod at `base` (its admin turns the setting off). */
export async function openToVisitors(base: string): Promise<void> {
  const admin = await apiAs(base, 'admin');
  const opened = await admin.post('/api/v1/instance/admin/settings/bulk/', {
    data: { common__api_authentication_required: false },
    headers: await csrfHeader(admin),
  });
  expect(opened.ok()).toBe(true);
  await admin.dispose();
}
