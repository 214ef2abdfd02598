import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

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

test('the support prompt is shown when due, and "in 30 days" puts it away across reloads', async ({ page }) => {
  await signIn(page, 'moderator', '/library');
  // The prompt is due: its display date (kept in the profile) is in the past.
  const due = await callPod(page, 'PATCH', 'users/moderator/', {
    funkwhale_support_message_display_date: '2020-01-01T00:00:00Z',
  });
  expect(due.status).toBe(200);
  await page.reload();

  const prompt = page.getByRole('region', { name: 'Support the project' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Ways to support Funkwhale' })).toHaveAttribute('rel', /noopener/);
  await expectNoSeriousAxeViolations(page);

  // Keyboard only: choose the delay and confirm.
  await prompt.getByLabel('Remind me').focus();
  await prompt.getByLabel('Remind me').selectOption({ label: 'In 30 days' });
  await page.keyboard.press('Tab');
  await expect(prompt.getByRole('button', { name: 'Got it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Support the project' })).toHaveCount(0);

  // The profile holds the next date, 30 days ahead.
  const me = (await callPod(page, 'GET', 'users/me/')).json as { funkwhale_support_message_display_date: string };
  const days = (Date.parse(me.funkwhale_support_message_display_date) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThan(30.1);
});

test('the pod\'s own support message is shown when due, and "never" puts it away for good', async ({ page }) => {
  await signIn(page, 'admin', '/library');
  const saved = await callPod(page, 'POST', 'instance/admin/settings/bulk/', {
    instance__support_message: 'Our server costs are paid by **listeners like you**.',
  });
  expect(saved.status).toBe(200);
  try {
    expect(
      (await callPod(page, 'PATCH', 'users/admin/', { instance_support_message_display_date: '2020-01-01T00:00:00Z' }))
        .status,
    ).toBe(200);
    await page.reload();

    const prompt = page.getByRole('region', { name: 'Support this pod' });
    await expect(prompt).toBeVisible();
    // The admin's Markdown, rendered.
    await expect(prompt.locator('strong')).toHaveText('listeners like you');
    await expectNoSeriousAxeViolations(page);

    await prompt.getByLabel('Remind me').selectOption({ label: 'Never' });
    await prompt.getByRole('button', { name: 'Got it' }).click();
    await expect(prompt).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Support this pod' })).toHaveCount(0);
    const me = (await callPod(page, 'GET', 'users/me/')).json as { instance_support_message_display_date: unknown };
    expect(me.instance_support_message_display_date).toBeNull();
  } finally {
    await callPod(page, 'POST', 'instance/admin/settings/bulk/', { instance__support_message: '' });
  }
});
