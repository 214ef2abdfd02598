import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The sidebar's link names, in order. */
async function entries(page: Page): Promise<string[]> {
  await expect(sidebar(page).getByRole('link', { name: 'Explore' })).toBeVisible();
  return (await sidebar(page).getByRole('link').allTextContents()).map((name) =>
    name.replace(/\d+\s*\(.*\)$/, '').trim(),
  );
}

test('the sidebar shows each entry by permission', async ({ page, browser }) => {
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  const anonymous = await entries(page);
  expect(anonymous).toEqual(
    expect.arrayContaining(['Explore', 'Library', 'Podcasts', 'Channels', 'Radios', 'Playlists']),
  );
  for (const hidden of ['Favorites', 'Settings', 'Users', 'Moderation', 'Administration', 'Notifications']) {
    expect(anonymous).not.toContain(hidden);
  }
  // Explore is a page of its own, not the library again.
  await sidebar(page).getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/library\/explore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).getByRole('link', { name: 'Library', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  const as = async (username: string) => {
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signIn(userPage, username, '/library');
    const names = await entries(userPage);
    await context.close();
    return names;
  };
  const listener = await as('listener');
  expect(listener).toEqual(expect.arrayContaining(['Favorites', 'Settings', 'Notifications']));
  for (const hidden of ['Users', 'Moderation', 'Administration', 'Library management'])
    expect(listener).not.toContain(hidden);

  const moderator = await as('moderator');
  expect(moderator).toContain('Moderation');
  for (const hidden of ['Users', 'Administration', 'Library management']) expect(moderator).not.toContain(hidden);

  const admin = await as('admin');
  expect(admin).toEqual(
    expect.arrayContaining(['Administration', 'Users', 'Library management', 'Moderation', 'Settings', 'Favorites']),
  );
});

/** Calls the pod as the signed-in user of `page`, with the session cookie and the CSRF token, as the app does. */
async function callPod(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? '';
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-CSRFToken': decodeURIComponent(csrf),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

async function listenerReportsATrack(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'listener', '/library');
  const tracks = (await callPod(page, 'GET', 'tracks/?page_size=1')).json as { results: { id: number }[] };
  const track = tracks.results[0];
  expect(track).toBeTruthy();
  const report = await callPod(page, 'POST', 'moderation/reports/', {
    type: 'other',
    summary: 'Reported by the sidebar journey.',
    target: { type: 'track', id: track?.id },
  });
  expect(report.status).toBe(201);
  await context.close();
}

test("a moderator's count of reports to handle rises live when a report comes in", async ({ page, browser }) => {
  await signIn(page, 'moderator', '/library');
  const moderation = sidebar(page).getByRole('link', { name: /^Moderation/ });
  await expect(moderation).toBeVisible();
  await page.waitForLoadState('networkidle');
  const name = (await moderation.textContent()) ?? '';
  const before = Number(name.match(/\((\d+) reports and requests to handle\)/)?.[1] ?? 0);

  await listenerReportsATrack(browser);

  await expect(moderation).toHaveAccessibleName(`Moderation (${before + 1} reports and requests to handle)`);
  await expectNoSeriousAxeViolations(page);
});
