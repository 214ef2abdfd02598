import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

// Both journeys change the admin's unread count: run them one after the other, never side by side.
test.describe.configure({ mode: 'default' });

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

/** The uuid of the admin's own demo library ("Admin's music"), read as the admin. */
async function adminLibrary(adminPage: Page): Promise<string> {
  const libraries = (await callPod(adminPage, 'GET', 'libraries/?page_size=50')).json as {
    results: { uuid: string; name: string }[];
  };
  const library = libraries.results.find((item) => item.name === "Admin's music");
  expect(library, "the demo pod has the admin's library").toBeTruthy();
  return library?.uuid ?? '';
}

/** The listener (in a browser of their own) follows the admin's library, afresh. */
async function listenerFollows(browser: Browser, libraryUuid: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'listener', '/library');
  const library = { uuid: libraryUuid };
  const existing = (await callPod(page, 'GET', 'federation/follows/library/all/')).json as {
    results: { uuid: string; library: string }[];
  };
  for (const follow of existing.results.filter((item) => item.library === library?.uuid)) {
    expect((await callPod(page, 'DELETE', `federation/follows/library/${follow.uuid}/`)).status).toBe(204);
  }
  expect((await callPod(page, 'POST', 'federation/follows/library/', { target: library?.uuid })).status).toBe(201);
  await context.close();
}

/** The unread count the sidebar's Notifications link announces (0 when it shows none). */
async function unreadCount(page: Page): Promise<number> {
  const name =
    (await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Notifications/ })
      .textContent()) ?? '';
  const match = name.match(/\((\d+) unread\)/);
  return match ? Number(match[1]) : 0;
}

test('the notification count rises live when someone follows your library, and the inbox shows it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/library');
  const notifications = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });
  await expect(notifications).toBeVisible();
  // The counts (and the live connection) start once the first screen is shown; let them settle.
  await page.waitForLoadState('networkidle');
  const before = await unreadCount(page);

  await listenerFollows(browser, await adminLibrary(page));

  // No reload: the websocket's inbox.item_added raises the count.
  await expect(notifications).toHaveAccessibleName(`Notifications (${before + 1} unread)`);
  await expectNoSeriousAxeViolations(page);

  await notifications.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  const item = list.getByRole('listitem').filter({ hasText: "follows your library Admin's music." }).first();
  await expect(item).toContainText('Unread');
  // The follower is a user link: the name, the full username as its title, their profile as target.
  const follower = item.getByRole('link', { name: 'listener', exact: true });
  await expect(follower).toHaveAttribute('title', /^listener@/);
  await expect(follower).toHaveAttribute('href', '/@listener');
  await expectNoSeriousAxeViolations(page);

  // Marking it read takes it off the unread list and lowers the count.
  await item.getByRole('button', { name: /^Mark as read/ }).click();
  await expect(notifications).toHaveAccessibleName(before === 0 ? 'Notifications' : `Notifications (${before} unread)`);

  // The read notifications are still there on demand, and can be marked unread again.
  await page.getByLabel('Show read notifications').check();
  const readItem = list.getByRole('listitem').filter({ hasText: "follows your library Admin's music." }).first();
  await expect(readItem.getByRole('button', { name: /^Mark as unread/ })).toBeVisible();
  await readItem.getByRole('button', { name: /^Mark as unread/ }).click();
  await expect(notifications).toHaveAccessibleName(`Notifications (${before + 1} unread)`);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(notifications).toHaveAccessibleName('Notifications');
});

/** The admin makes a library only they can see: following it needs their approval. */
async function privateLibrary(adminPage: Page, name: string): Promise<string> {
  const created = await callPod(adminPage, 'POST', 'libraries/', { name, privacy_level: 'me' });
  expect(created.status).toBe(201);
  return (created.json as { uuid: string }).uuid;
}

/** The listener asks to follow `library` and returns the follow's state as the pod keeps it. */
async function listenerAsks(browser: Browser, library: string): Promise<() => Promise<boolean | null | undefined>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'listener', '/library');
  const asked = await callPod(page, 'POST', 'federation/follows/library/', { target: library });
  expect(asked.status).toBe(201);
  expect((asked.json as { approved: boolean | null }).approved).toBeNull();
  return async () => {
    const all = (await callPod(page, 'GET', 'federation/follows/library/all/')).json as {
      results: { library: string; approved: boolean | null }[];
    };
    return all.results.find((follow) => follow.library === library)?.approved;
  };
}

test('a follow request is approved, and another rejected after confirmation, from the notifications page', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/library');
  const stamp = Date.now();
  const approvedName = `Kept ${stamp}`;
  const rejectedName = `Closed ${stamp}`;
  const approvedState = await listenerAsks(browser, await privateLibrary(page, approvedName));
  const rejectedState = await listenerAsks(browser, await privateLibrary(page, rejectedName));

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ })
    .click();
  const list = page.getByRole('list', { name: 'Notifications' });
  const toApprove = list.getByRole('listitem').filter({ hasText: `your library ${approvedName}.` });
  const toReject = list.getByRole('listitem').filter({ hasText: `your library ${rejectedName}.` });
  await expect(toApprove.getByRole('link', { name: 'listener', exact: true })).toHaveAttribute('title', /^listener@/);
  await expect(toApprove).toContainText(`wants to follow your library ${approvedName}.`);
  await expect(toReject).toContainText(`wants to follow your library ${rejectedName}.`);
  await expectNoSeriousAxeViolations(page);

  await toApprove.getByRole('button', { name: 'Approve' }).click();
  await expect(toApprove).toContainText('Approved');
  await expect(toApprove).toContainText(`follows your library ${approvedName}.`);
  await expect(toApprove.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect.poll(approvedState).toBe(true);

  // Rejecting asks first; cancelling changes nothing and gives the focus back.
  const reject = toReject.getByRole('button', { name: 'Reject' });
  await reject.click();
  const dialog = page.getByRole('dialog', { name: 'Reject this follow request?' });
  await expect(dialog).toContainText(rejectedName);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(reject).toBeFocused();
  expect(await rejectedState()).toBeNull();

  await reject.click();
  await page
    .getByRole('dialog', { name: 'Reject this follow request?' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(toReject).toContainText('Rejected');
  await expect.poll(rejectedState).toBe(false);
});
