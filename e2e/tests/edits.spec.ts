import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

async function asUser(browser: Browser, username: string, next: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, next);
  return page;
}

/** The path of the last track of the catalogue (by title), which no other journey changes. */
async function lastTrackPath(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/tracks/?ordering=-title&page_size=1');
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { results: { id: number }[] };
  const id = body.results[0]?.id;
  expect(id).toBeDefined();
  return `/library/tracks/${id}`;
}

test('a listener suggests an edit, the admin approves it, and the page shows the new value', async ({ browser }) => {
  // Two accounts, two sign-ins and four accessibility scans: longer than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const listener = await asUser(browser, 'listener', '/library');
  const trackPath = await lastTrackPath(listener);
  await listener.goto(trackPath);
  const title = (await listener.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await listener.getByRole('button', { name: 'Actions' }).click();
  await listener.getByRole('link', { name: 'Suggest an edit' }).click();
  await expect(listener).toHaveURL(`${trackPath}/edit`);
  await expect(listener.getByRole('heading', { level: 1, name: `Suggest an edit to ${title}` })).toBeVisible();
  await expect(listener.getByText('someone who manages the library reviews it')).toBeVisible();
  await expectNoSeriousAxeViolations(listener);

  // Nothing changed: nothing is sent.
  await listener.getByRole('button', { name: 'Submit suggestion' }).click();
  await expect(listener.getByRole('alert')).toContainText('Change at least one field first.');

  const copyright = `2026 Suggested ${Date.now()}`;
  await listener.getByLabel('Copyright').fill(copyright);
  await listener.getByLabel('Summary').fill('Fix the copyright line');
  await listener.getByRole('button', { name: 'Submit suggestion' }).click();
  await expect(listener).toHaveURL(new RegExp(`${trackPath}/edit/[0-9a-f-]{36}$`));
  const card = listener.getByRole('article').filter({ hasText: 'Fix the copyright line' }).first();
  await expect(card).toContainText('Pending review');
  await expect(card.getByRole('row', { name: /Copyright/ })).toContainText(copyright);
  // A listener cannot review.
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(listener);
  // Not applied yet.
  await listener.goto(trackPath);
  await expect(listener.getByRole('table', { name: 'Release' })).not.toContainText(copyright);

  const admin = await asUser(browser, 'admin', `${trackPath}/edit`);
  await admin.getByLabel('Show').selectOption({ label: 'Unreviewed' });
  await expect(admin).toHaveURL(/status=unreviewed/);
  await admin.reload();
  await expect(admin.getByLabel('Show')).toHaveValue('unreviewed');
  const pending = admin.getByRole('article').filter({ hasText: copyright });
  await expect(pending).toContainText('Pending review');
  await expectNoSeriousAxeViolations(admin);
  await pending.getByRole('button', { name: 'Approve' }).click();
  // Approved edits leave the unreviewed list; under "All" it shows as applied.
  await expect(admin.getByRole('article').filter({ hasText: copyright })).toHaveCount(0);
  await admin.getByLabel('Show').selectOption({ label: 'All' });
  await expect(admin.getByRole('article').filter({ hasText: copyright })).toContainText('Applied');

  await listener.reload();
  await expect(listener.getByRole('table', { name: 'Release' }).getByRole('row', { name: /Copyright/ })).toContainText(
    copyright,
  );
});

test('an admin edits directly: the edit applies at once and can be rejected no more', async ({ browser }) => {
  const admin = await asUser(browser, 'admin', '/library');
  const trackPath = await lastTrackPath(admin);
  await admin.goto(trackPath);
  await admin.getByRole('button', { name: 'Actions' }).click();
  await admin.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: /^Edit / })).toBeVisible();
  // Tags: a pill editor; add one, confirm with Enter.
  const tag = `edited${Date.now()}`;
  await admin.getByLabel('Add a tag').fill(tag);
  await admin.getByLabel('Add a tag').press('Enter');
  await expect(admin.getByRole('button', { name: `Edit tag ${tag}` })).toBeVisible();
  await expectNoSeriousAxeViolations(admin);
  await admin.getByRole('button', { name: 'Submit and apply edit' }).click();
  const card = admin.getByRole('article').filter({ hasText: tag }).first();
  await expect(card).toContainText('Applied');
  await expect(card.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await admin.goto(trackPath);
  await expect(admin.getByRole('link', { name: tag })).toBeVisible();
});

test('the admin rejects a suggestion, then deletes it after confirming', async ({ browser }) => {
  const listener = await asUser(browser, 'listener', '/library');
  const answer = await listener.request.get('/api/v1/artists/?ordering=-name&page_size=1');
  const artist = ((await answer.json()) as { results: { id: number; name: string }[] }).results[0];
  expect(artist).toBeDefined();
  const editPath = `/library/artists/${artist?.id}/edit`;
  await listener.goto(editPath);
  const name = `${artist?.name} (rejected ${Date.now()})`;
  await listener.getByLabel('Name').fill(name);
  await listener.getByRole('button', { name: 'Submit suggestion' }).click();
  await expect(listener.getByRole('article').filter({ hasText: name }).first()).toContainText('Pending review');

  const admin = await asUser(browser, 'admin', editPath);
  const card = admin.getByRole('article').filter({ hasText: name });
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card).toContainText('Rejected');
  await admin.getByLabel('Show').selectOption({ label: 'Unreviewed' });
  await expect(card).toHaveCount(0);
  await admin.getByLabel('Show').selectOption({ label: 'All' });

  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Delete this edit?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await admin.goto(`/library/artists/${artist?.id}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(artist?.name ?? '');
});
