import { createHash, randomBytes } from 'node:crypto';
import { expect, request, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { baseURL } from '../support/environment';
import { signIn } from '../support/sign-in';

const OUT_OF_BAND = 'urn:ietf:wg:oauth:2.0:oob';

// A third-party application registers on the pod, a signed-in user approves it on Shoal's
// /authorize screen, and the application exchanges the code it was shown for tokens that the
// pod holds to the scope the user approved.
test('a user authorizes a third-party app, which gets tokens limited to the approved scope', async ({ page }) => {
  const app = await request.newContext({ baseURL });
  const created = await app.post('/api/v1/oauth/apps/', {
    data: { name: 'Tide Reader', website: 'https://reader.example', scopes: 'read', redirect_uris: OUT_OF_BAND },
  });
  expect(created.status()).toBe(201);
  const { client_id: clientId, client_secret: clientSecret } = (await created.json()) as {
    client_id: string;
    client_secret: string;
  };

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: OUT_OF_BAND,
    scope: 'read',
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const authorizePath = `/authorize?${query.toString()}`;

  // Not signed in: the consent screen sends the user to the login first, then back to it.
  await page.goto(authorizePath);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await signIn(page, 'listener', authorizePath);

  await expect(page.getByRole('heading', { level: 1, name: 'Allow Tide Reader to use your account?' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Read your data' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const allow = page.getByRole('button', { name: 'Authorize Tide Reader' });
  await allow.focus();
  await page.keyboard.press('Enter');

  // An out-of-band app gets the code shown to copy.
  const shown = page.getByRole('status').filter({ hasText: 'Copy this code into Tide Reader' });
  await expect(shown).toBeVisible();
  const code = (await shown.locator('code').textContent())?.trim() ?? '';
  expect(code.length).toBeGreaterThan(10);

  // The application exchanges it (with the PKCE verifier) — once.
  const exchange = () =>
    app.post('/api/v1/oauth/token/', {
      form: {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: OUT_OF_BAND,
        code_verifier: verifier,
      },
    });
  const tokens = await exchange();
  expect(tokens.status()).toBe(200);
  const body = (await tokens.json()) as { access_token: string; refresh_token: string; scope: string };
  expect(body.scope).toBe('read');
  expect(body.refresh_token).toBeTruthy();
  const again = await exchange();
  expect(again.status()).toBe(400);
  expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

  // The token reads as the user who approved it, and cannot write: the scope was read only.
  const bearer = { Authorization: `Bearer ${body.access_token}` };
  const me = await app.get('/api/v1/users/me/', { headers: bearer });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username: 'listener' });
  const tracks = await app.get('/api/v1/tracks/?page_size=1', { headers: bearer });
  expect(tracks.status()).toBe(200);
  const trackId = ((await tracks.json()) as { results: { id: number }[] }).results[0]?.id;
  const write = await app.post('/api/v1/favorites/tracks/', { headers: bearer, data: { track: trackId } });
  expect(write.status()).toBe(403);
  expect(await write.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  await app.dispose();
});
