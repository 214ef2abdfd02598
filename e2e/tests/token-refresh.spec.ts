import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { demoPassword, mainPort } from '../support/environment';
import { type RunningGateway, startGateway } from '../support/gateway';

// A second gateway plays a pod on another origin (another site, even: localhost vs 127.0.0.1, so
// no cookie is shared). Shoal signs in there through OAuth, as with any third-party pod, and the
// pod's access tokens live a few seconds only.
const podPort = mainPort + 5;
const pod = `http://localhost:${podPort}`;
const ACCESS_TOKEN_SECONDS = 3;
let gateway: RunningGateway;

test.beforeAll(async () => {
  gateway = await startGateway('token-refresh', podPort, [
    '--demo-password',
    demoPassword,
    '--public-url',
    pod,
    '--access-token-lifetime',
    String(ACCESS_TOKEN_SECONDS),
  ]);
});

test.afterAll(async () => {
  await gateway?.stop();
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/instance-chooser');
  await page.getByLabel('Pod address').fill(pod);
  await page.getByRole('button', { name: 'Use this pod' }).click();
  await expect(page).toHaveURL(/\/library$/);

  // Sign in on the pod, the way a pod on another origin requires: authorization code + PKCE.
  await page.goto('/login');
  await expect(page.getByText(`Your account lives on ${pod}/`)).toBeVisible();
  await page.getByRole('button', { name: 'Log in on your pod' }).click();
  await expect(page).toHaveURL((url) => url.origin === pod && url.pathname === '/login');
  await page.getByLabel('Username or e-mail address').fill('listener');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Allow Shoal to use your account?' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Authorize Shoal' }).click();

  // Back on Shoal's origin, signed in with tokens (never in the URL after the callback).
  await expect(page).toHaveURL(`http://127.0.0.1:${mainPort}/library`);
  await expect(page.getByRole('complementary').getByText('listener', { exact: true })).toBeVisible();
  const firstTokens = await page.evaluate(() => localStorage.getItem('shoal.auth.tokens'));
  expect(firstTokens).toContain('accessToken');

  await page.goto('/library/albums');
  await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
  const titles = page.locator('[aria-busy="false"] .listen-card__title');
  await expect(titles.first()).toBeVisible();

  // The pod says it is Funkwhale 2.x in its nodeinfo, so every call goes under /api/v2/ (calls.md §7.1).
  // From here on, watch (never alter) what the browser sends and where it goes.
  const refreshes: string[] = [];
  const albumStatuses: number[] = [];
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${pod}/api/v2/oauth/token/`)) refreshes.push(request.postData() ?? '');
  });
  page.on('response', (response) => {
    if (response.url().startsWith(`${pod}/api/v2/albums/`)) albumStatuses.push(response.status());
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 1) * 1000);

  // An action with an expired token: change the order; the new list arrives as if nothing happened.
  // The albums page keeps its descending direction when the field changes.
  await page.getByLabel('Order by').selectOption({ label: 'Title' });
  await expect(page).toHaveURL(/ordering=-title/);
  const sorted = async () => {
    const shown = await titles.allTextContents();
    return shown.length > 0 && shown.join('|') === [...shown].sort((a, b) => b.localeCompare(a)).join('|');
  };
  await expect.poll(sorted).toBe(true);

  // The pod refused the stale token once, Shoal traded its refresh token, and the retry succeeded.
  expect(albumStatuses).toContain(401);
  expect(albumStatuses.at(-1)).toBe(200);
  expect(refreshes.some((body) => body.includes('refresh_token') && !body.includes('authorization_code'))).toBe(true);
  const secondTokens = await page.evaluate(() => localStorage.getItem('shoal.auth.tokens'));
  expect(secondTokens).not.toBe(firstTokens);
  expect(visited.filter((url) => new URL(url).pathname === '/login')).toEqual([]);
  await expect(page.getByRole('complementary').getByText('listener', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
