import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
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

/**
 * The moderator (in a browser of their own) follows the admin's library, afresh. The moderator, not
 * the listener: another journey needs the listener to follow no library at its start.
 */
async function moderatorFollows(browser: Browser, libraryUuid: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'moderator', '/library');
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

/** The unread count a Notifications link announces (0 when it shows none). */
async function announcedUnread(link: Locator): Promise<number> {
  const match = ((await link.textContent()) ?? '').match(/\((\d+) unread\)/);
  return match ? Number(match[1]) : 0;
}

test('the notification count rises live when someone follows your library, and the inbox shows it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/library');
  const notifications = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });
  await expect(notifications).toBeVisible();
  // The counts (and the live connection) start once the first screen is shown: until the sidebar
  // announces what the pod holds, "no count" could be 0 or not loaded yet.
  const before = ((await callPod(page, 'GET', 'federation/inbox/?is_read=false&page_size=1')).json as { count: number })
    .count;
  await expect(notifications).toHaveAccessibleName(before === 0 ? 'Notifications' : `Notifications (${before} unread)`);
  await page.waitForLoadState('networkidle');

  await moderatorFollows(browser, await adminLibrary(page));

  // No reload: the websocket's inbox.item_added raises the count. (Other journeys may add to the
  // admin's inbox meanwhile, so the count is compared, not matched.)
  await expect.poll(() => announcedUnread(notifications)).toBeGreaterThan(before);
  await expectNoSeriousAxeViolations(page);

  await notifications.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  const moderatorsFollow = (scope: Locator) =>
    scope
      .getByRole('listitem')
      .filter({ hasText: "follows your library Admin's music." })
      .filter({ has: page.getByRole('link', { name: 'moderator', exact: true }) })
      .first();
  const item = moderatorsFollow(list);
  await expect(item).toContainText('Unread');
  // The follower is a user link: the name, the full username as its title, their profile as target.
  const follower = item.getByRole('link', { name: 'moderator', exact: true });
  await expect(follower).toHaveAttribute('title', /^moderator@/);
  await expect(follower).toHaveAttribute('href', '/@moderator');
  await expectNoSeriousAxeViolations(page);

  // Marking it read takes it off the unread list and lowers the count.
  const unread = await announcedUnread(notifications);
  await item.getByRole('button', { name: /^Mark as read/ }).click();
  await expect.poll(() => announcedUnread(notifications)).toBe(unread - 1);

  // The read notifications are still there on demand, and can be marked unread again.
  await page.getByLabel('Show read notifications').check();
  const readItem = moderatorsFollow(list);
  await expect(readItem.getByRole('button', { name: /^Mark as unread/ })).toBeVisible();
  await readItem.getByRole('button', { name: /^Mark as unread/ }).click();
  await expect.poll(() => announcedUnread(notifications)).toBe(unread);
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
