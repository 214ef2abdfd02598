import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('a channel from the channels page: overview, episodes, subscribe and unsubscribe, embed code', async ({
  page,
}) => {
  // The moderator, so the subscriptions journey (the listener) runs alongside without sharing state.
  await signIn(page, 'moderator', '/library/channels');
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  await page.getByRole('link', { name: 'Shoal Weekly' }).first().click();
  await expect(page).toHaveURL(/\/channels\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shoal Weekly' })).toBeVisible();
  await expect(page.getByLabel(/From the fediverse/)).toHaveValue(/^@shoalweekly@/);
  await expect(page.getByRole('table', { name: 'Latest episodes' }).getByRole('link').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousAxeViolations(page);

  const subscribe = page.getByRole('button', { name: 'Subscribe', exact: true });
  await expect(subscribe).toHaveAttribute('aria-pressed', 'false');
  await subscribe.click();
  const subscribed = page.getByRole('button', { name: 'Subscribed' });
  await expect(subscribed).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(subscribed).toHaveAttribute('aria-pressed', 'true');

  // The episodes tab, by keyboard.
  await page.getByRole('navigation', { name: 'Channel sections' }).getByRole('link', { name: 'Episodes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/episodes$/);
  const episodes = page.getByRole('table', { name: 'Episodes' });
  await expect(episodes.getByRole('link').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Not the owner: the actions menu offers the embed code, not deletion.
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this channel' });
  await expect(dialog.getByLabel('Embed code')).toHaveValue(/\/embed\?type=channel&id=[0-9a-f-]{36}/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/subscriptions');
  await expect(page.getByRole('link', { name: 'Shoal Weekly' })).toHaveAttribute('href', /\/channels\//);
  await page.getByRole('button', { name: 'Subscribed' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shoal Weekly' })).toHaveCount(0);
});
